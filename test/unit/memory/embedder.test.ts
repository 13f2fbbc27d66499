import { type BedrockSender, bedrockEmbedder } from '../../../shared/memory/bedrock-embedder';
import { cosineInt8, hashedEmbedder, hashedVector, quantise } from '../../../shared/memory/embedder';

const cosine = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, value, index) => sum + value * b[index]!, 0);

describe('hashed embedder', () => {
  it('is deterministic, 512-dimensional and L2-normalised', async () => {
    const [a, b] = await hashedEmbedder.embed(['Fix the null check', 'Fix the null check']);
    expect(a).toHaveLength(512);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    expect(cosine(a!, a!)).toBeCloseTo(1, 5);
    expect(hashedEmbedder.id).toBe('hashed-v2');
  });

  it('places related review texts closer than unrelated ones', () => {
    const query = hashedVector('missing null check crashes');
    const related = hashedVector('This crashes when the value is null; add a null check');
    const unrelated = hashedVector('Great wording in the marketing headline');
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
  });

  it('shares features between inflections and word families, and ignores case and accents', () => {
    expect(cosine(hashedVector('fixes caching'), hashedVector('Fixed cached'))).toBeGreaterThan(0.5);
    expect(cosine(hashedVector('authentication'), hashedVector('authorize'))).toBeGreaterThan(0.2);
    expect(Array.from(hashedVector('Café RÉSUMÉ'))).toEqual(Array.from(hashedVector('cafe resume')));
  });

  it('gives an empty text the zero vector', () => {
    expect(hashedVector('  ').every((value) => value === 0)).toBe(true);
  });
});

describe('int8 quantisation', () => {
  it('keeps cosine similarity within 0.01 of the float vectors', () => {
    const a = hashedVector('the retry loop never backs off');
    const b = hashedVector('add exponential backoff to the retry loop');
    const stored = quantise(b);
    expect(stored.bytes).toHaveLength(512);
    expect(Math.abs(cosineInt8(a, stored.bytes) - cosine(a, b))).toBeLessThan(0.01);
  });

  it('scores a vector of another length as 0', () => {
    expect(cosineInt8(hashedVector('x'), new Uint8Array(8))).toBe(0);
  });
});

describe('Bedrock embedder (client mocked: no Bedrock here)', () => {
  const answer = (embedding: unknown) => ({ body: new TextEncoder().encode(JSON.stringify({ embedding })) });

  it('asks Titan v2 for normalised vectors of its size, one request per text', async () => {
    const sent: any[] = [];
    const client: BedrockSender = {
      send: (async (command: any) => {
        sent.push(JSON.parse(command.input.body));
        return answer(Array.from({ length: 256 }, () => 0.0625));
      }) as never,
    };
    const embedder = bedrockEmbedder({ region: 'us-east-1', client });
    const vectors = await embedder.embed(['a', 'b']);
    expect(vectors).toHaveLength(2);
    expect(sent).toEqual([
      { inputText: 'a', dimensions: 256, normalize: true },
      { inputText: 'b', dimensions: 256, normalize: true },
    ]);
    expect(embedder.id).toBe('bedrock-amazon.titan-embed-text-v2:0-256');
  });

  it('fails when Bedrock fails or answers without a vector of the asked size', async () => {
    const throwing: BedrockSender = {
      send: (async () => {
        throw new Error('ThrottlingException');
      }) as never,
    };
    await expect(bedrockEmbedder({ region: 'x', client: throwing }).embed(['a'])).rejects.toThrow(
      'Throttling',
    );
    const short: BedrockSender = { send: (async () => answer([1, 2])) as never };
    await expect(bedrockEmbedder({ region: 'x', client: short }).embed(['a'])).rejects.toThrow(
      /256-dimension/,
    );
  });
});
