import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../../scripts/local/dynamodb';
import { provisionWorkspace } from '../../../shared/workspace/service';
import { admin } from '../../support/admin';

describe('npm run admin -- list-workspaces', () => {
  const ownerA = `owner-a-${randomUUID()}@example.com`;
  const ownerB = `owner-b-${randomUUID()}@example.com`;
  const created: { id: string; owner: string }[] = [];

  beforeAll(async () => {
    // A table of its own: the command lists every workspace of the table it is given.
    const table = `collab-list-${randomUUID()}`;
    const dynamo = new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
    await ensureTable(dynamo, table, { stream: false });
    dynamo.destroy();
    process.env.TABLE_NAME = table;
    for (const [index, ownerEmail] of [ownerA, ownerA, ownerA, ownerB].entries()) {
      const { workspace } = await provisionWorkspace({ ownerEmail, workspaceName: `Workspace ${index}` });
      created.push({ id: workspace.id, owner: ownerEmail });
    }
  });

  const idsIn = (lines: string[]) => lines.flatMap((line) => line.match(/^ws_\S+/) ?? []);

  it('lists every workspace with its owner, creation time and name, then says the list ended', async () => {
    const result = await admin('list-workspaces');
    expect({ code: result.code, err: result.err }).toEqual({ code: 0, err: [] });
    expect(idsIn(result.out).sort()).toEqual(created.map((workspace) => workspace.id).sort());
    expect(result.out).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${created[3]!.id}  ${ownerB}  \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z  Workspace 3$`),
      ),
    );
    expect(result.out.at(-1)).toBe('4 listed; end of the list.');
  });

  it('pages with --limit and the --after token it prints, listing each workspace once', async () => {
    const seen: string[] = [];
    let args = ['list-workspaces', '--limit', '1'];
    for (let pages = 0; pages < 10; pages += 1) {
      const result = await admin(...args);
      expect(result.code).toBe(0);
      // Exactly the limit per page, including when it stops inside one page of the table.
      expect(idsIn(result.out)).toHaveLength(1);
      seen.push(...idsIn(result.out));
      const next = result.out.at(-1)!.match(/--after (\S+)$/);
      if (!next) break;
      args = ['list-workspaces', '--limit', '1', '--after', next[1]!];
    }
    expect(seen.sort()).toEqual(created.map((workspace) => workspace.id).sort());
  });

  it('lists only the workspaces of --owner-email', async () => {
    const result = await admin('list-workspaces', '--owner-email', ownerA.toUpperCase());
    expect(idsIn(result.out).sort()).toEqual(
      created
        .filter((workspace) => workspace.owner === ownerA)
        .map((workspace) => workspace.id)
        .sort(),
    );
  });

  it.each([
    [['--limit', '0'], '--limit must be a positive integer.'],
    [['--after', 'nonsense'], '--after is not a token printed by list-workspaces.'],
    [['extra'], "Unexpected argument 'extra'"],
  ])('refuses %j with a usage error', async (args, message) => {
    const result = await admin('list-workspaces', ...args);
    expect(result.code).toBe(2);
    expect(result.err[0]).toContain(message);
  });
});
