import { scanWorkspaces } from '../../shared/admin/workspaces-repository';
import { type AdminOption, defineAdminCommand, positiveIntegerOption, UsageError } from './command';

const options: readonly AdminOption[] = [
  {
    name: 'limit',
    value: '<n>',
    description: 'List at most n workspaces (default 50), then print the --after token.',
  },
  {
    name: 'after',
    value: '<token>',
    description: 'Continue where a previous listing stopped (it prints the token).',
  },
  { name: 'owner-email', value: '<email>', description: 'Only the workspaces of this owner.' },
];

const encodeToken = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeToken(token: string): Record<string, unknown> {
  try {
    const key: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof key === 'object' && key !== null && !Array.isArray(key)) return key as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw new UsageError('--after is not a token printed by list-workspaces.');
}

/** `list-workspaces`: every workspace of the table, a page at a time (an operator's Scan). */
export const listWorkspacesCommand = defineAdminCommand({
  summary: 'List the workspaces (id, owner, creation time, name), a page at a time.',
  options,
  async run(values, output) {
    const limit = positiveIntegerOption(values.limit, 'limit', 50);
    const ownerEmail = values['owner-email'] as string | undefined;
    let start = typeof values.after === 'string' ? decodeToken(values.after) : undefined;
    let listed = 0;
    scan: do {
      const page = await scanWorkspaces(start, ownerEmail);
      start = page.next;
      for (const [index, workspace] of page.workspaces.entries()) {
        if (listed === limit) {
          // Stopped inside a page (never at its first item: a page is read only below the limit),
          // so the next listing starts after the last workspace shown.
          start = page.workspaces[index - 1]?.key;
          break scan;
        }
        output.out(
          `${workspace.workspaceId}  ${workspace.ownerEmail}  ${new Date(workspace.createdAt).toISOString()}  ${workspace.name}`,
        );
        listed += 1;
      }
    } while (start && listed < limit);
    output.out(
      start
        ? `${listed} listed; more: npm run admin -- list-workspaces --after ${encodeToken(start)}`
        : `${listed} listed; end of the list.`,
    );
    return 0;
  },
});
