import { spliceRange, textSplice } from '../../../shared/crdt/diff';

const apply = (oldText: string, newText: string) => {
  const { start, deleteCount, insertEnd } = textSplice(oldText, newText);
  return oldText.slice(0, start) + newText.slice(start, insertEnd) + oldText.slice(start + deleteCount);
};

describe('textSplice', () => {
  it('keeps the common prefix and suffix and replaces only the middle', () => {
    expect(textSplice('hello world', 'hello brave world')).toEqual({
      start: 6,
      deleteCount: 0,
      insertEnd: 12,
    });
    expect(textSplice('hello brave world', 'hello world')).toEqual({
      start: 6,
      deleteCount: 6,
      insertEnd: 6,
    });
    expect(textSplice('abcdef', 'abXYef')).toEqual({ start: 2, deleteCount: 2, insertEnd: 4 });
  });

  it('is empty for equal strings and whole for disjoint ones', () => {
    expect(textSplice('same', 'same')).toEqual({ start: 4, deleteCount: 0, insertEnd: 4 });
    expect(textSplice('abc', 'xyz')).toEqual({ start: 0, deleteCount: 3, insertEnd: 3 });
    expect(textSplice('', 'new')).toEqual({ start: 0, deleteCount: 0, insertEnd: 3 });
  });

  it('does not let prefix and suffix overlap on repeated characters', () => {
    expect(textSplice('aaa', 'aaaa')).toEqual({ start: 3, deleteCount: 0, insertEnd: 4 });
    expect(apply('abab', 'ab')).toBe('ab');
  });

  it('never cuts a surrogate pair that only its low or high half distinguishes', () => {
    expect(textSplice('a😀b', 'a😁b')).toEqual({ start: 1, deleteCount: 2, insertEnd: 3 });
    const sharedLow = ['x\uD83D\uDE00', 'x\uD83C\uDE00'] as const;
    expect(textSplice(...sharedLow)).toEqual({ start: 1, deleteCount: 2, insertEnd: 3 });
  });

  it('turns any string into any other', () => {
    const samples = ['', 'a', 'abc', 'a😀b', '😀😁', 'hello world', 'héllo wörld', 'aaaa', 'abab'];
    for (const from of samples) for (const to of samples) expect(apply(from, to)).toBe(to);
  });
});

describe('spliceRange', () => {
  it('compares elements with the given equality', () => {
    const before = [{ a: 1 }, { b: 2 }, { c: 3 }];
    const after = [{ a: 1 }, { x: 9 }, { c: 3 }];
    const same = (i: number, j: number) => JSON.stringify(before[i]) === JSON.stringify(after[j]);
    expect(spliceRange(before.length, after.length, same)).toEqual({
      start: 1,
      deleteCount: 1,
      insertEnd: 2,
    });
  });
});
