/**
 * Text embeddings for judgment search, behind one interface. The default is a deterministic hashed
 * feature embedder (no network, no model files); `EMBEDDER=bedrock` selects Amazon Bedrock Titan
 * Text Embeddings v2 (see bedrock-embedder.ts). Vectors from different embedders (or versions) are
 * not comparable: each stored vector records the `id` of the embedder that made it.
 */
export interface Embedder {
  /** Names the embedder and its feature version; stored with every vector. */
  readonly id: string;
  readonly dimensions: number;
  /** One L2-normalised vector per text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * Dimensions of the hashed embedder's vectors (int8: 512 bytes each). With 256, collisions between
 * unrelated features cost recall; 512 with the prefix features and lighter bigrams of `hashed-v2`
 * took recall@10 on the evaluation set from 0.28 (`hashed-v1`) to 0.37. 1,024 reaches ≈ 0.40 at
 * twice the storage and scoring work.
 */
export const vectorDimensions = 512;

/** Words too common to say anything about a review on their own (they still form bigrams). */
const stopWords = new Set(
  'a an and are as at be been but by for from has have i if in into is it its of on or our so that the their them then there these they this to too was we were will with you your'.split(
    ' ',
  ),
);

/** Crude suffix stripping so that `fixes`, `fixed` and `fixing` share a feature. */
function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of ['ingly', 'edly', 'ing', 'ies', 'ed', 'ly', 'es', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      return suffix === 'ies' ? `${base}y` : base;
    }
  }
  return word;
}

/** Lower-case words with diacritics removed. */
export function tokenize(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** 32-bit FNV-1a. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Feature weights of the hashed embedder (part of its version: change them, bump the id). */
const weights = { word: 1, prefix: 0.5, bigram: 0.3, trigram: 0.25 };

/** Content words longer than this also share a feature with the words they begin like (`authenticat…`). */
const prefixLength = 4;

function addFeature(vector: Float32Array, feature: string, weight: number) {
  const hash = fnv1a(feature);
  // The top bit signs the feature, so collisions cancel on average instead of piling up.
  vector[hash % vector.length]! += hash & 0x80000000 ? -weight : weight;
}

function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let index = 0; index < vector.length; index += 1) vector[index]! /= norm;
  return vector;
}

/**
 * The hashed feature vector of a text: stemmed content words (weight 1), the first four letters of
 * longer content words (0.5: a cheap stand-in for word families the stemmer misses), adjacent
 * word pairs (0.3) and character trigrams of each word with boundary marks (0.25, spread over the
 * word's trigrams so long words do not dominate), signed-hashed into `dimensions` buckets,
 * L2-normalised.
 */
export function hashedVector(text: string, dimensions = vectorDimensions): Float32Array {
  const vector = new Float32Array(dimensions);
  const words = tokenize(text).map(stem);
  words.forEach((word, index) => {
    if (!stopWords.has(word)) {
      addFeature(vector, `w:${word}`, weights.word);
      if (word.length > prefixLength) addFeature(vector, `p:${word.slice(0, prefixLength)}`, weights.prefix);
    }
    const next = words[index + 1];
    if (next !== undefined) addFeature(vector, `b:${word} ${next}`, weights.bigram);
    const marked = `^${word}$`;
    const trigrams = marked.length - 2;
    for (let start = 0; start < trigrams; start += 1)
      addFeature(vector, `c:${marked.slice(start, start + 3)}`, weights.trigram / Math.sqrt(trigrams));
  });
  return normalise(vector);
}

/** The default embedder: deterministic, local, fast (≈ 10 µs per short text). */
export const hashedEmbedder: Embedder = {
  id: 'hashed-v2',
  dimensions: vectorDimensions,
  embed: async (texts) => texts.map((text) => hashedVector(text)),
};

/** A vector quantised to int8 (`bytes`) with the scale that restores it (`value ≈ byte × scale`). */
export interface QuantisedVector {
  bytes: Uint8Array;
  scale: number;
}

/** Quantises a vector to int8 with a per-vector scale (max |value| ↦ 127). */
export function quantise(vector: Float32Array): QuantisedVector {
  let max = 0;
  for (const value of vector) max = Math.max(max, Math.abs(value));
  const scale = max > 0 ? max / 127 : 1;
  const bytes = new Int8Array(vector.length);
  for (let index = 0; index < vector.length; index += 1) bytes[index] = Math.round(vector[index]! / scale);
  return { bytes: new Uint8Array(bytes.buffer), scale };
}

/**
 * Cosine similarity of a normalised query vector and a stored int8 vector (the stored scale
 * cancels out). 0 for an all-zero vector or a vector of another length.
 */
export function cosineInt8(query: Float32Array, stored: Uint8Array): number {
  if (stored.length !== query.length) return 0;
  const signed = new Int8Array(stored.buffer, stored.byteOffset, stored.byteLength);
  let dot = 0;
  let norm = 0;
  for (let index = 0; index < signed.length; index += 1) {
    const value = signed[index]!;
    dot += query[index]! * value;
    norm += value * value;
  }
  return norm > 0 ? dot / Math.sqrt(norm) : 0;
}
