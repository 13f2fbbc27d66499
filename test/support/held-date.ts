/**
 * Holds `Date` at `now` while timers, microtasks and performance stay real, so a test can move the
 * clock a window or a day at will (`jest.setSystemTime`) while I/O and its timeouts run as usual.
 */
export function holdDate(now: number): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
