import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from '../../../shared/config/env';
import { parseKeyring } from '../../../shared/security/keyring';
import { admin } from '../../support/admin';

/** The local stack's mode: the keyring is the `DATA_KEY` variable the tests run with. */
describe('npm run admin -- rotate-data-key with DATA_KEY', () => {
  const dataKey = env().DATA_KEY as string;
  const directory = mkdtempSync(join(tmpdir(), 'rotate-data-key-'));

  it('writes the new keyring to an owner-only file and prints only its key id and path', async () => {
    const file = join(directory, 'nested', 'data-key');
    const added = await admin('rotate-data-key', '--stage', 'add', '--keyring-file', file);
    expect(added).toMatchObject({ code: 0, err: [] });
    const written = readFileSync(file, 'utf8');
    const ring = parseKeyring(written);
    expect(ring.current).toBe(parseKeyring(dataKey).current);
    const [added1] = [...ring.keys.keys()].filter((id) => !parseKeyring(dataKey).keys.has(id));
    expect(added.out).toContain(`Added key ${added1}; key ${ring.current} stays current.`);
    expect(added.out.join('\n')).toContain(file);
    // No key material on the output: neither the new key, nor the old ones, nor the keyring.
    const printed = added.out.join('\n');
    for (const material of ring.keys.values()) expect(printed).not.toContain(material);
    expect(printed).not.toContain(written);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('leaves a file holding another value alone and writes nothing', async () => {
    const file = join(directory, 'other-key');
    writeFileSync(file, 'another key that may be the only copy of itself');
    const refused = await admin('rotate-data-key', '--stage', 'add', '--keyring-file', file);
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toContain(`${file} holds another value than DATA_KEY`);
    expect(readFileSync(file, 'utf8')).toBe('another key that may be the only copy of itself');
    expect(refused.out.join('\n')).not.toContain(dataKey);
  });
});
