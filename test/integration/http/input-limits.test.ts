import { type RouteName, routeNamed } from '../../../shared/api/routes';
import { callAs, succeed } from '../../support/api';
import { loadRouteHandler } from '../../support/handlers';
import { type CallResult, call } from '../../support/lambda';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';
import { enableActivities } from '../activities/support';

let workspace: TestWorkspace;

beforeAll(async () => {
  workspace = await createTestWorkspace();
  await enableActivities(workspace);
});

const activity = (fields: Record<string, unknown> = {}) => ({
  featureType: 'custom',
  actionType: 'review.note',
  actionUser: { userId: 'alice' },
  ...fields,
});

/** `{ a: { a: ... leaf } }`, `levels` objects deep. */
function nested(levels: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

/** Sends raw body text (for JSON that `JSON.stringify` would not produce) with the API-key credentials. */
const sendRaw = async (route: RouteName, body: string) =>
  call(await loadRouteHandler(routeNamed(route)), {
    path: routeNamed(route).path,
    headers: workspace.apiKeyHeaders,
    body,
  });

function expectInvalid(response: CallResult, message: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json.error?.status).toBe('INVALID_ARGUMENT');
  expect(response.json.error?.message).toBe(message);
}

describe('request bodies the middleware refuses before any route code', () => {
  it('answers an id holding a lone UTF-16 surrogate with INVALID_ARGUMENT naming the field', async () => {
    const response = await callAs(workspace, 'organizations.add', {
      organizations: [{ organizationId: 'bad-\ud800' }],
    });
    expectInvalid(response, 'organizations[0].organizationId: not well-formed Unicode (lone surrogate)');
    expect(response.json.error?.details?.issues).toEqual([
      {
        path: 'organizations[0].organizationId',
        message: 'not well-formed Unicode (lone surrogate)',
      },
    ]);
  });

  it('answers a field name holding a lone surrogate with INVALID_ARGUMENT naming the field', async () => {
    const response = await callAs(workspace, 'organizations.add', {
      organizations: [{ organizationId: 'org', 'note-\udc00': 'x' }],
    });
    expectInvalid(
      response,
      'organizations[0].note-\ufffd: field name not well-formed Unicode (lone surrogate)',
    );
  });

  it('answers entityData nested 40 levels with INVALID_ARGUMENT naming where it gets too deep', async () => {
    const response = await callAs(workspace, 'activities.add', {
      organizationId: 'org',
      documentId: 'doc',
      activities: [activity({ entityData: nested(40) })],
    });
    // The body is level 1, data 2, activities 3, the activity 4, entityData 5: level 33 is 28 `a`s in.
    const path = `activities[0].entityData${'.a'.repeat(28)}`;
    expectInvalid(response, `${path}: nested deeper than 32 levels`);
  });

  it('answers entityData nested 100,000 levels with INVALID_ARGUMENT', async () => {
    const depth = 100_000;
    const entityData = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const body = `{"data":{"organizationId":"org","documentId":"doc","activities":[{"featureType":"custom","actionType":"x","actionUser":{"userId":"alice"},"entityData":${entityData}}]}}`;
    expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
    const response = await sendRaw('activities.add', body);
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.message).toMatch(
      /^activities\[0\]\.entityData(\.a)+: nested deeper than 32 levels$/,
    );
  });

  it('accepts a body nested exactly 32 levels deep, and stores it', async () => {
    const response = await callAs(workspace, 'activities.add', {
      organizationId: 'org',
      documentId: 'doc',
      activities: [activity({ id: 'deepest', entityData: nested(28) })],
    });
    expect(response.statusCode).toBe(200);
    const stored = await succeed(workspace, 'activities.get', {
      organizationId: 'org',
      activityIds: ['deepest'],
    });
    expect(stored[0].entityData).toEqual(nested(28));
  });

  it('answers a __proto__ field name with INVALID_ARGUMENT and pollutes nothing', async () => {
    const body = '{"data":{"organizations":[{"organizationId":"org","__proto__":{"polluted":"yes"}}]}}';
    const response = await sendRaw('organizations.add', body);
    expectInvalid(response, 'organizations[0].__proto__: reserved field name');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers an empty field name in free-form data with INVALID_ARGUMENT', async () => {
    const response = await callAs(workspace, 'activities.add', {
      organizationId: 'org',
      documentId: 'doc',
      activities: [activity({ entityData: { note: { '': 1 } } })],
    });
    expectInvalid(response, 'activities[0].entityData.note: empty field name');
  });

  it.each([
    [2 ** 53 + 2, 'number beyond ±9007199254740991 (2^53 − 1) cannot be stored exactly'],
    [1e308, 'number beyond ±9007199254740991 (2^53 − 1) cannot be stored exactly'],
    [-1e300, 'number beyond ±9007199254740991 (2^53 − 1) cannot be stored exactly'],
    [1e-200, 'non-zero number smaller than 1e-130 in magnitude cannot be stored'],
  ])('answers the number %p in free-form data with INVALID_ARGUMENT', async (value, message) => {
    const response = await callAs(workspace, 'activities.add', {
      organizationId: 'org',
      documentId: 'doc',
      activities: [activity({ entityData: { value } })],
    });
    expectInvalid(response, `activities[0].entityData.value: ${message}`);
  });

  it('answers a number JSON.parse turns into Infinity with INVALID_ARGUMENT', async () => {
    const body =
      '{"data":{"organizationId":"org","documentId":"doc","activities":[{"featureType":"custom","actionType":"x","actionUser":{"userId":"alice"},"entityData":{"value":1e400}}]}}';
    const response = await sendRaw('activities.add', body);
    expectInvalid(
      response,
      'activities[0].entityData.value: number beyond ±9007199254740991 (2^53 − 1) cannot be stored exactly',
    );
  });

  it('accepts numbers at the storable edges', async () => {
    const response = await callAs(workspace, 'activities.add', {
      organizationId: 'org',
      documentId: 'doc',
      activities: [activity({ entityData: { values: [2 ** 53 - 1, -(2 ** 53 - 1), 1e-130, -0, 0.5] } })],
    });
    expect(response.statusCode).toBe(200);
  });
});
