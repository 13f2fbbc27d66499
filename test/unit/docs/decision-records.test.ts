import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docs/decisions.md holds short records (decisions §72): a heading `## <n>. <title>`, then four
 * top-level bullets in order — Status, Context, Decision, Consequences — and nothing else at the
 * top level. A status is `accepted` or `superseded by <n>`; every record it names as replacing
 * this one (or a part of it) exists and came later.
 */
const text = readFileSync(join(process.cwd(), 'docs/decisions.md'), 'utf8');

interface DecisionRecord {
  number: number;
  heading: string;
  lines: string[];
}

const records: DecisionRecord[] = text
  .split(/^(?=## )/m)
  .filter((section) => section.startsWith('## '))
  .map((section) => {
    const [heading = '', ...lines] = section.trimEnd().split('\n');
    return { number: Number(/^## (\d+)\. /.exec(heading)?.[1]), heading, lines };
  });

const parts = ['Status', 'Context', 'Decision', 'Consequences'];

/** A record reads in a minute: longer ones hold a narrative or a day's figures (the changelog's). */
const maxRecordLines = 40;

describe('decision records', () => {
  it('are numbered, each number once, in increasing order', () => {
    expect(records.length).toBeGreaterThanOrEqual(65);
    for (const record of records)
      expect([record.heading, Number.isInteger(record.number)]).toEqual([record.heading, true]);
    const numbers = records.map((record) => record.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it.each(records.map((record) => [record.heading, record] as const))(
    '%s: status, context, decision and consequences, briefly',
    (_heading, record) => {
      const topLevel = record.lines.filter((line) => line.startsWith('- '));
      const labels = topLevel.map((line) => /^- \*\*(\w+):\*\*( |$)/.exec(line)?.[1]);
      expect(labels).toEqual(parts);
      expect(record.lines.filter((line) => line !== '' && !/^( {2,}|- )/.test(line))).toEqual([]);
      expect(record.lines.length).toBeLessThanOrEqual(maxRecordLines);

      const status = topLevel[0] ?? '';
      expect(status).toMatch(/^- \*\*Status:\*\* (accepted|superseded by \d+)\b/);
      for (const [, by] of status.matchAll(/\bby (\d+)\b/g)) {
        const later = records.find((other) => other.number === Number(by));
        expect([record.number, Number(by), later !== undefined && later.number > record.number]).toEqual([
          record.number,
          Number(by),
          true,
        ]);
      }
    },
  );
});
