import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from '../support/poll';

/**
 * Black-box: `npm start` with its defaults (data in memory, a data key that exists only in that
 * process) in a process of its own, and `npm run admin` in another, with no stack settings in its
 * environment, the way an operator runs them on one machine.
 */
const folder = mkdtempSync(join(tmpdir(), 'admin-local-stack-'));
const stackFile = join(folder, 'local-stack.json');

/** This environment less every stack setting the tests' own set-up put in it. */
function bareEnvironment(): NodeJS.ProcessEnv {
  const settings = /^(TABLE_NAME|DATA_KEY.*|DYNAMODB_ENDPOINT|SQS_ENDPOINT|QUEUE_URL_.*|STAGE)$/;
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !settings.test(name))),
    LOCAL_STACK_FILE: stackFile,
  };
}

const tsx = (entry: string) => [process.execPath, ['--import', 'tsx', entry]] as const;

let stack: ChildProcess;

beforeAll(async () => {
  const [node, args] = tsx('scripts/local/start.ts');
  stack = spawn(node, [...args], {
    env: { ...bareEnvironment(), PORT: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(() => {
    if (stack.exitCode !== null) throw new Error(`npm start exited with ${stack.exitCode}`);
    return existsSync(stackFile);
  }, 120_000);
}, 150_000);

afterAll(async () => {
  if (stack.exitCode === null) {
    const exited = new Promise((done) => stack.once('exit', done));
    stack.kill('SIGINT');
    await exited;
  }
  rmSync(folder, { recursive: true, force: true });
});

/** Runs `npm run admin -- <argv>` in a process of its own: its exit code and what it printed. */
async function admin(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [node, args] = tsx('scripts/admin/main.ts');
  return promisify(execFile)(node, [...args, ...argv], { env: bareEnvironment() }).then(
    (done) => ({ code: 0, ...done }),
    (failure: { code: number; stdout: string; stderr: string }) => failure,
  );
}

describe('npm run admin against the default npm start stack', () => {
  it('finds the stack through the owner-only file npm start writes', () => {
    const written = JSON.parse(readFileSync(stackFile, 'utf8'));
    expect(written).toMatchObject({ pid: stack.pid, url: expect.stringMatching(/^http:\/\/[^:/]+:\d+$/) });
    expect(written.environment).toMatchObject({
      TABLE_NAME: expect.any(String),
      DATA_KEY: expect.any(String),
    });
    expect(statSync(stackFile).mode & 0o777).toBe(0o600);
  });

  it('creates a workspace whose credentials work against that stack', async () => {
    const result = await admin(
      'create-workspace',
      '--owner-email',
      `admin-${Date.now()}@example.com`,
      '--json',
    );
    const { url } = JSON.parse(readFileSync(stackFile, 'utf8'));
    expect(result.stderr).toContain(`Working on the local stack at ${url}`);
    const created = JSON.parse(result.stdout) as Record<string, string>;
    const post = (path: string, headers: Record<string, string>) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ data: {} }),
      });
    const workspace = await post('/v2/workspace/get', {
      'x-svc-workspace-id': created.workspaceId!,
      'x-svc-workspace-auth-token': created.workspaceAuthToken!,
    });
    expect(workspace.status).toBe(200);
    const domains = await post('/v2/workspace/domains/get', {
      'x-svc-api-key': created.apiKey!,
      'x-svc-auth-token': created.authToken!,
    });
    expect(domains.status).toBe(200);
  }, 60_000);

  it('says what to do when no stack runs, and removes its file when npm start stops', async () => {
    const exited = new Promise((done) => stack.once('exit', done));
    stack.kill('SIGINT');
    await exited;
    expect(existsSync(stackFile)).toBe(false);
    const result = await admin('list-workspaces');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No stack to work on: start the local stack with `npm start`');
  }, 60_000);
});
