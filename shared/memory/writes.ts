import { embeddingTexts, type JudgedActivity, judgmentFor } from './derive';
import { type Embedder, quantise } from './embedder';
import { currentEmbedder } from './embedders';
import { type JudgmentWrites, judgmentItems, judgmentRemoval } from './repository';
import type { Judgment } from './schemas';

export type { JudgmentWrites } from './repository';

interface Derived {
  judgments: Judgment[];
  /** Embedding texts of each judgment, flattened (review, then content when present). */
  texts: string[];
  writes: JudgmentWrites;
}

function derive(
  apiKey: string,
  activities: readonly JudgedActivity[],
  now: number,
  replacing: boolean,
): Derived {
  const writes: JudgmentWrites = { puts: [], deletes: [] };
  const judgments: Judgment[] = [];
  for (const activity of activities) {
    const judgment = judgmentFor(activity);
    if (judgment) judgments.push(judgment);
    else if (replacing) {
      const removal = judgmentRemoval(apiKey, activity.metadata.organizationId, activity.id, now);
      writes.puts.push(...removal.puts);
      writes.deletes.push(...removal.deletes);
    }
  }
  const texts = judgments.flatMap((judgment) => {
    const text = embeddingTexts(judgment);
    return text.content === undefined ? [text.review] : [text.review, text.content];
  });
  return { judgments, texts, writes };
}

/** Adds each judgment's items, consuming `vectors` in the order of `derive`'s texts. */
function withItems(
  apiKey: string,
  derived: Derived,
  vectors: readonly Float32Array[],
  embedderId: string,
  now: number,
  replacing: boolean,
): JudgmentWrites {
  const { writes } = derived;
  let next = 0;
  for (const judgment of derived.judgments) {
    const review = quantise(vectors[next++]!);
    const content = judgment.contentText === undefined ? undefined : quantise(vectors[next++]!);
    writes.puts.push(
      ...judgmentItems(apiKey, judgment, { review, ...(content && { content }) }, embedderId, now, replacing),
    );
  }
  return writes;
}

/**
 * The writes that keep activities' judgments in step with them (addendum §6): for each activity
 * that records a decision, its judgment and vector items (all texts embedded in one call); for one
 * that does not, the removal of whatever judgment an earlier version of that id left (its item
 * deleted, its vectors tombstoned) — only when `replacing`, since a fresh id has none. Activity
 * writers add these to their own write.
 */
export async function judgmentWrites(
  apiKey: string,
  activities: readonly JudgedActivity[],
  now: number,
  options: { replacing: boolean },
): Promise<JudgmentWrites> {
  const derived = derive(apiKey, activities, now, options.replacing);
  if (derived.judgments.length === 0) return derived.writes;
  const embedder: Embedder = await currentEmbedder();
  const vectors = await embedder.embed(derived.texts);
  return withItems(apiKey, derived, vectors, embedder.id, now, options.replacing);
}
