import { env } from '../config/env';
import { type Embedder, hashedEmbedder } from './embedder';

let configured: Promise<Embedder> | undefined;

/**
 * The embedder this deployment uses (`EMBEDDER`), made once per process. The Bedrock client is
 * loaded only when configured, so functions on the default embedder never load it; and a function
 * bundled for the hashed embedder does not hold it: bundling replaces `process.env.BUNDLED_EMBEDDER`
 * with the embedder the function's environment names (lib/service-function.ts), and esbuild drops
 * the branch. Unbundled (tests, the local server) it is unset, and `EMBEDDER` alone decides.
 */
export function currentEmbedder(): Promise<Embedder> {
  configured ??=
    process.env.BUNDLED_EMBEDDER !== 'hashed' && env().EMBEDDER === 'bedrock'
      ? import('./bedrock-embedder').then(({ bedrockEmbedder }) =>
          bedrockEmbedder({ region: env().AWS_REGION }),
        )
      : Promise.resolve(hashedEmbedder);
  return configured;
}
