import { env } from '../config/env';
import { type Embedder, hashedEmbedder } from './embedder';

let configured: Promise<Embedder> | undefined;

/**
 * The embedder this deployment uses (`EMBEDDER`), made once per process. The Bedrock client is
 * loaded only when configured, so functions on the default embedder never load it.
 */
export function currentEmbedder(): Promise<Embedder> {
  configured ??=
    env().EMBEDDER === 'bedrock'
      ? import('./bedrock-embedder').then(({ bedrockEmbedder }) =>
          bedrockEmbedder({ region: env().AWS_REGION }),
        )
      : Promise.resolve(hashedEmbedder);
  return configured;
}
