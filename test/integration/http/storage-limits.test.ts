import { callAs, succeed } from '../../support/api';
import { createTestWorkspace, type TestWorkspace } from '../../support/workspaces';

let workspace: TestWorkspace;

beforeAll(async () => {
  workspace = await createTestWorkspace();
});

const kb = (size: number) => 'x'.repeat(size * 1024);
const tooLarge = 'too large to store (an item holds at most 400 KB)';

describe('a write whose item would exceed DynamoDB’s 400 KB', () => {
  it('is INVALID_ARGUMENT naming the field that holds the bulk of it', async () => {
    const response = await callAs(workspace, 'organizations.add', {
      organizations: [{ organizationId: 'small' }, { organizationId: 'big', notes: kb(450), tag: 'a' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: `organizations[1].notes: ${tooLarge}`,
      details: { issues: [{ path: 'organizations[1].notes', message: tooLarge }] },
    });
  });

  it('is INVALID_ARGUMENT when an item grows past the limit over several writes', async () => {
    await succeed(workspace, 'organizations.add', {
      organizations: [{ organizationId: 'growing', first: kb(250) }],
    });
    const response = await callAs(workspace, 'organizations.add', {
      organizations: [{ organizationId: 'growing', second: kb(250) }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error?.message).toBe(`organizations[0].second: ${tooLarge}`);
  });
});
