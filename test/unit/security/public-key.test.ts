import { generateKeyPairSync } from 'node:crypto';
import { rsaPublicKeyProblem } from '../../../shared/security/public-key';

const rsa = (bits: number) => generateKeyPairSync('rsa', { modulusLength: bits });
const strong = rsa(2048);
const pem = (key: ReturnType<typeof rsa>['publicKey']) =>
  key.export({ type: 'spki', format: 'pem' }).toString();
const bareSpki = (key: ReturnType<typeof rsa>['publicKey']) =>
  key.export({ type: 'spki', format: 'der' }).toString('base64');

describe('rsaPublicKeyProblem', () => {
  it.each([
    ['a PEM SPKI key', pem(strong.publicKey)],
    ['a PKCS#1 PEM key', strong.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString()],
    ['a bare base64 SPKI key', bareSpki(strong.publicKey)],
    ['a bare base64 key broken over lines', bareSpki(strong.publicKey).replace(/(.{64})/g, '$1\n')],
    ['a 4096-bit key', pem(rsa(4096).publicKey)],
  ])('accepts %s', (_label, key) => expect(rsaPublicKeyProblem(key)).toBeUndefined());

  it.each([
    ['an empty key', ''],
    ['a word', 'pk'],
    ['base64 that is no key', Buffer.from('hello world').toString('base64')],
    ['a 1024-bit RSA key', pem(rsa(1024).publicKey)],
    ['an EC key', pem(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey)],
    ['an Ed25519 key', pem(generateKeyPairSync('ed25519').publicKey)],
    ['a truncated PEM', pem(strong.publicKey).slice(0, 200)],
  ])('refuses %s', (_label, key) =>
    expect(rsaPublicKeyProblem(key)).toBe(
      'must be an RSA public key of at least 2048 bits (PEM or base64 SPKI)',
    ),
  );

  it('refuses a private key rather than deriving its public half', () => {
    const privatePem = strong.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(rsaPublicKeyProblem(privatePem)).toMatch(/not a private key$/);
  });
});
