import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { withoutSdkLogging } from '../core/sdk-client';
import type { Embedder } from './embedder';

/**
 * The Bedrock SDK, imported on first use. A static import here would be hoisted by esbuild into
 * every bundle that reaches this module's dynamic import, so functions that never embed would load
 * the client at cold start (decisions §39).
 */
const bedrockSdk = () => import('@aws-sdk/client-bedrock-runtime');

/** Amazon Titan Text Embeddings v2, asked for normalised vectors of `dimensions` (256, 512 or 1024). */
export const titanModelId = 'amazon.titan-embed-text-v2:0';

/** Titan v2 takes up to 8,192 tokens; texts are cut well before that. */
const maxInputCharacters = 20_000;

/** Texts embedded in parallel (Titan v2 embeds one text per request). */
const concurrency = 8;

/** The part of the Bedrock client the embedder uses, so tests can inject failures. */
export type BedrockSender = Pick<BedrockRuntimeClient, 'send'>;

/**
 * An embedder calling Bedrock's InvokeModel with Titan Text Embeddings v2 (one request per text,
 * `concurrency` at a time). Throws what the client throws (throttling, access denied), and an
 * Error when the answer holds no vector of the asked size; callers answer such failures INTERNAL.
 */
export function bedrockEmbedder(options: {
  region: string;
  dimensions?: 256 | 512 | 1024;
  client?: BedrockSender;
}): Embedder {
  const dimensions = options.dimensions ?? 256;
  let client: Promise<BedrockSender> | undefined;
  const sender = () => {
    client ??= options.client
      ? Promise.resolve(options.client)
      : bedrockSdk().then((sdk) =>
          withoutSdkLogging(new sdk.BedrockRuntimeClient({ region: options.region })),
        );
    return client;
  };
  const embedOne = async (text: string) => {
    const [{ InvokeModelCommand }, bedrock] = await Promise.all([bedrockSdk(), sender()]);
    const output = await bedrock.send(
      new InvokeModelCommand({
        modelId: titanModelId,
        contentType: 'application/json',
        accept: 'application/json',
        body: JSON.stringify({
          inputText: text.slice(0, maxInputCharacters) || ' ',
          dimensions,
          normalize: true,
        }),
      }),
    );
    const answer = JSON.parse(new TextDecoder().decode(output.body)) as { embedding?: unknown };
    const embedding = answer.embedding;
    if (!Array.isArray(embedding) || embedding.length !== dimensions || !embedding.every(Number.isFinite))
      throw new Error(`Bedrock ${titanModelId} returned no ${dimensions}-dimension embedding`);
    return Float32Array.from(embedding as number[]);
  };
  return {
    id: `bedrock-${titanModelId}-${dimensions}`,
    dimensions,
    async embed(texts) {
      const vectors: Float32Array[] = new Array(texts.length);
      for (let start = 0; start < texts.length; start += concurrency) {
        const batch = texts.slice(start, start + concurrency);
        const embedded = await Promise.all(batch.map(embedOne));
        embedded.forEach((vector, offset) => {
          vectors[start + offset] = vector;
        });
      }
      return vectors;
    },
  };
}
