import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { accessPatterns, entities } from '../../../shared/db/entities';
import { globalSecondaryIndexes, type PatternIndex } from '../../../shared/db/entities/definition';
import { documentedAreas } from '../../../shared/db/entities/docs/areas';
import { tableDefinition } from '../../../shared/db/table';
import { sourceFiles } from '../../support/source-files';

const indexesOf = (index: PatternIndex | readonly PatternIndex[]): readonly PatternIndex[] =>
  typeof index === 'string' ? [index] : index;

describe('table definition (shared/db/entities)', () => {
  it('defines each entity and access pattern name once across the areas', () => {
    const entityNames = documentedAreas.flatMap(({ area }) => Object.keys(area.entities));
    const patternNames = documentedAreas.flatMap(({ area }) => Object.keys(area.accessPatterns));
    expect(new Set(entityNames).size).toBe(entityNames.length);
    expect(new Set(patternNames).size).toBe(patternNames.length);
    expect(Object.keys(entities)).toHaveLength(entityNames.length);
    expect(Object.keys(accessPatterns)).toHaveLength(patternNames.length);
  });

  it('names every entity after the key it is defined under', () => {
    for (const [key, entity] of Object.entries(entities)) expect(entity.name).toBe(key);
  });

  it('has every index read by an access pattern and placed on an item, and no pattern on an unplaced index', () => {
    const read = new Set(Object.values(accessPatterns).flatMap((pattern) => indexesOf(pattern.index)));
    const placed = new Set<PatternIndex>(
      Object.values(entities).flatMap((entity) => ('indexes' in entity ? entity.indexes : [])),
    );
    for (const index of Object.keys(globalSecondaryIndexes) as PatternIndex[]) {
      expect({ index, read: read.has(index), placed: placed.has(index) }).toEqual({
        index,
        read: true,
        placed: true,
      });
    }
    for (const index of read)
      if (index !== 'table' && index !== 'stream') expect(placed.has(index)).toBe(true);
  });

  it('gives the table exactly the defined indexes, on generic attributes', () => {
    expect(tableDefinition.globalSecondaryIndexes).toEqual(
      Object.entries(globalSecondaryIndexes).map(([indexName, projection]) => ({
        indexName,
        partitionKey: `${indexName}pk`,
        sortKey: `${indexName}sk`,
        projection,
      })),
    );
  });

  it('leaves no literal index name or entity string in shared/ outside the definition', async () => {
    const root = join(process.cwd(), 'shared');
    const offenders: string[] = [];
    for (const file of await sourceFiles(root)) {
      if (file.startsWith(join(root, 'db', 'entities'))) continue;
      const text = await readFile(file, 'utf8');
      const literals = text.match(
        /(IndexName|index)\??: '(gsi\d+)'|\bentity(: | === | !== )'\w+'|':entity': '\w+'/g,
      );
      if (literals) offenders.push(`${file}: ${literals.join(', ')}`);
    }
    expect(offenders).toEqual([]);
  });
});
