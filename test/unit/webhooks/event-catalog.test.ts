import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { eventCatalog } from '../../../shared/webhooks/event-catalog';
import { eventTypes } from '../../../shared/webhooks/event-schemas';
import { createCatalogEvent } from '../../../shared/webhooks/outbox';
import { sourceFiles } from '../../support/source-files';

const catalog = eventCatalog();
const validatorOf = (schema: Record<string, unknown>) => new Ajv2020({ allErrors: true }).compile(schema);

describe('event catalog (eventtypes/get)', () => {
  it('lists every event type once, each a JSON Schema 2020-12 of the whole message', () => {
    expect(catalog.map((type) => type.name)).toEqual(Object.keys(eventTypes));
    for (const type of catalog) {
      expect(type.schema).toMatchObject({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        required: ['id', 'event', 'actionType', 'source', 'data', 'webhookId', 'platform', 'timestamp'],
        additionalProperties: false,
      });
      expect(type.description.length).toBeGreaterThan(10);
    }
  });

  it.each(catalog)('accepts the example of $name and refuses it changed', ({ name, schema, example }) => {
    const validate = validatorOf(schema);
    expect({ name, valid: validate(example), errors: validate.errors }).toEqual({
      name,
      valid: true,
      errors: null,
    });
    const data = example.data as Record<string, unknown>;
    expect(validate({ ...example, data: { ...data, unexpected: 1 } })).toBe(false);
    expect(validate({ ...example, event: 'comment.other' })).toBe(false);
    expect(validate({ ...example, webhookId: undefined })).toBe(false);
  });
});

describe('createCatalogEvent', () => {
  const testEvent = { event: 'webhook.test', actionType: 'test', source: 'webhook', data: { test: true } };

  it('creates an event whose payload matches its type', () => {
    expect(createCatalogEvent(testEvent, 5)).toMatchObject({ ...testEvent, platform: 'api', timestamp: 5 });
  });

  it.each([
    ['an unknown type', { ...testEvent, event: 'webhook.other' }, 'not in the event catalog'],
    ['another source', { ...testEvent, source: 'comment' }, 'must have source webhook'],
    ['another action type', { ...testEvent, actionType: 'add' }, 'must have source webhook'],
    [
      'a field the schema does not name',
      { ...testEvent, data: { test: true, extra: 1 } },
      'outside its schema',
    ],
    ['a payload of the wrong shape', { ...testEvent, data: { test: 'yes' } }, 'outside its schema'],
  ])('refuses %s', (_label, event, message) => {
    expect(() => createCatalogEvent(event)).toThrow(message);
  });

  it("is how the service's producers create events (createEvent is for synthetic ones)", async () => {
    const root = join(process.cwd(), 'shared');
    const callers: string[] = [];
    for (const file of await sourceFiles(root)) {
      if (file === join(root, 'webhooks', 'outbox.ts')) continue;
      if (/\bcreateEvent\(/.test(await readFile(file, 'utf8'))) callers.push(file);
    }
    expect(callers).toEqual([]);
  });
});

describe('payload schemas', () => {
  // A function builds the payloads of the types it publishes when it publishes them, not the whole
  // catalog when it loads (decisions §95).
  it('are built when first read, and once', () => {
    for (const [name, type] of Object.entries(eventTypes)) {
      const data = Object.getOwnPropertyDescriptor(type, 'data');
      expect({ name, builtOnRead: typeof data?.get === 'function' }).toEqual({ name, builtOnRead: true });
      expect(type.data).toBe(type.data);
    }
  });
});
