import { blamedFieldPath, inputLimitIssues, maxBodyDepth } from '../../../shared/http/input-limits';
import { growthRatio, linearGrowthLimit } from '../../support/growth';

/** `levels` arrays inside each other around `leaf`. */
function nestedArrays(levels: number, leaf: unknown = 0): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
}

describe('inputLimitIssues', () => {
  it('finds nothing wrong with ordinary data', () => {
    expect(
      inputLimitIssues({ id: 'x', list: [1, -0, 2.5, true, null, 'é😀'], nested: { a: { b: 'c' } } }),
    ).toEqual([]);
  });

  it('counts the body as level 1, so data may hold 30 more levels', () => {
    // data is level 2; each array adds one.
    expect(inputLimitIssues({ x: nestedArrays(maxBodyDepth - 2) })).toEqual([]);
    expect(inputLimitIssues({ x: nestedArrays(maxBodyDepth - 1) })).toEqual([
      { path: `x${'[0]'.repeat(maxBodyDepth - 2)}`, message: 'nested deeper than 32 levels' },
    ]);
  });

  it('stops at the first level too deep, however deep the data goes', () => {
    expect(inputLimitIssues({ x: nestedArrays(200_000) })).toHaveLength(1);
  });

  it('lists problems in document order', () => {
    const issues = inputLimitIssues({ a: '\ud800', b: [1, '\udfff'], c: { d: 2 ** 60 } });
    expect(issues.map((issue) => issue.path)).toEqual(['a', 'b[1]', 'c.d']);
  });

  it('names bad field names, and the object of an empty one', () => {
    const data = JSON.parse('{"o":{"__proto__":1,"":2,"k\\udbff":3}}');
    expect(inputLimitIssues(data)).toEqual([
      { path: 'o.__proto__', message: 'reserved field name' },
      { path: 'o', message: 'empty field name' },
      { path: 'o.k\ufffd', message: 'field name not well-formed Unicode (lone surrogate)' },
    ]);
  });

  it('accepts surrogate pairs and refuses each lone half', () => {
    expect(inputLimitIssues({ ok: '\ud83d\ude00' })).toEqual([]);
    expect(inputLimitIssues({ high: '\ud83d', low: 'x\ude00y' })).toHaveLength(2);
  });

  it('lists at most 20 problems', () => {
    expect(inputLimitIssues({ bad: Array.from({ length: 10_000 }, () => '\ud800') })).toHaveLength(20);
  });

  it('shortens long field names in paths', () => {
    const [issue] = inputLimitIssues({ ['n'.repeat(10_000)]: '\ud800' });
    expect(issue?.path).toBe(`${'n'.repeat(64)}…`);
  });

  it.each([
    [
      'wide objects',
      (size: number) => Object.fromEntries(Array.from({ length: size }, (_, i) => [`k${i}`, i])),
    ],
    ['long arrays of strings', (size: number) => ({ list: Array.from({ length: size }, () => 'text') })],
    ['one long two-byte string', (size: number) => ({ text: 'Ж😀'.repeat(size * 10) })],
    ['nesting far past the limit', (size: number) => ({ deep: nestedArrays(size) })],
  ])('runs in linear time on %s', (_name, makeInput) => {
    expect(growthRatio(inputLimitIssues, makeInput, 1_000)).toBeLessThan(linearGrowthLimit);
  });
});

describe('blamedFieldPath', () => {
  it('names the field holding most of the data for the item size', () => {
    const data = { items: [{ id: 'a' }, { id: 'b', notes: 'x'.repeat(1000), tag: 'y' }] };
    expect(blamedFieldPath(data, 'item-size')).toBe('items[1].notes');
  });

  it('stops at the object whose size is spread over many fields', () => {
    const spread = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, 'x'.repeat(100)]));
    expect(blamedFieldPath({ id: 'a', meta: spread }, 'item-size')).toBe('meta');
    expect(blamedFieldPath({ a: 'x'.repeat(10), b: 'y'.repeat(10) }, 'item-size')).toBe('data');
  });

  it('names the first deepest value for nesting', () => {
    expect(blamedFieldPath({ a: { b: 1 }, c: { d: { e: 2 } }, f: { g: { h: 3 } } }, 'nesting')).toBe('c.d.e');
  });

  it('names the first empty string for an empty key or field name', () => {
    expect(blamedFieldPath({ ids: ['x', ''], other: '' }, 'empty-key')).toBe('ids[1]');
    expect(blamedFieldPath({ ids: ['x'] }, 'empty-name')).toBe('data');
  });
});
