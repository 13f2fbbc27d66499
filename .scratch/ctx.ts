import { parseStackContext } from '../lib/stack-context';
for (const c of [{}, { stage: 'prod', logRetentionDays: '7', reservedConcurrency: 'false' }, { reservedconcurrency: 'false' }, { logRetentionDays: '31', embedder: 'x' }, {'aws:cdk:x': 1, '@aws-cdk/core:y': true}]) {
  try { console.log(parseStackContext(c)); } catch (e) { console.log((e as Error).message); }
}
