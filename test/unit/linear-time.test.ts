import { initialOf } from '../../shared/access/users-service';
import type { Activity } from '../../shared/activities/schemas';
import { encodeKeyPart } from '../../shared/db/key-parts';
import { formatPath } from '../../shared/http/validation';
import { judgmentFor } from '../../shared/memory/derive';
import { hashedVector } from '../../shared/memory/embedder';
import { normaliseDomain } from '../../shared/workspace/domains';
import { growthRatio, linearGrowthLimit } from '../support/growth';

/**
 * Every transformation of caller-controlled text runs in linear time (issue 12). The audit covered
 * each `.replace(/…/)`, `.match(`, `.split(/…/)`, `.test(` and `new RegExp` under shared/ and
 * functions/; this table holds the ones that see caller text, each with the inputs that make a
 * backtracking regex (or a scan inside a scan) go quadratic: long runs of the characters that open
 * a match which then fails.
 */
const commentActivity = (commentHtml: string): Activity =>
  ({
    id: 'act-1',
    featureType: 'comment',
    actionType: 'comment.add',
    actionUser: { userId: 'alice' },
    entityTargetData: { commentId: 'c-1', commentHtml },
    metadata: { apiKey: 'ak', organizationId: 'org', documentId: 'doc' },
    timestamp: 1_700_000_000_000,
  }) as Activity;

const cases: [string, (text: string) => unknown, (size: number) => string, number][] = [
  [
    'comment HTML to text: unclosed `<`',
    (html) => judgmentFor(commentActivity(html)),
    (n) => '<'.repeat(n),
    2_000,
  ],
  [
    'comment HTML to text: `<a` runs',
    (html) => judgmentFor(commentActivity(html)),
    (n) => '<a'.repeat(n),
    2_000,
  ],
  [
    'comment HTML to text: spaces and entities',
    (html) => judgmentFor(commentActivity(html)),
    (n) => ' &amp;\t&lt;'.repeat(n),
    2_000,
  ],
  ['allowed domain: colons and digits', normaliseDomain, (n) => `a${':1'.repeat(n)}x`, 2_000],
  ['allowed domain: dots', normaliseDomain, (n) => `${'.'.repeat(n)}a`, 2_000],
  ['allowed domain: @ signs', normaliseDomain, (n) => `${'a@'.repeat(n)}`, 2_000],
  ['allowed domain: scheme-like prefix', normaliseDomain, (n) => `a${'+'.repeat(n)}:/`, 2_000],
  ['user initial: no letter', initialOf, (n) => '!'.repeat(n), 5_000],
  ['embedding: one long word', (text) => hashedVector(text), (n) => 'a'.repeat(n), 500],
  ['embedding: combining marks', (text) => hashedVector(text), (n) => 'e\u0301'.repeat(n), 500],
  ['key part: long id', encodeKeyPart, (n) => '#~'.repeat(n), 5_000],
  ['field path: long name', (name) => formatPath([name, 0, name]), (n) => 'x'.repeat(n), 5_000],
];

describe('text transformations on caller input', () => {
  it.each(cases)('%s runs in linear time', (_name, transform, makeInput, size) => {
    expect(growthRatio(transform, makeInput, size)).toBeLessThan(linearGrowthLimit);
  });
});
