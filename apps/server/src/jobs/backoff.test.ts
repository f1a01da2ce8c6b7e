import { describe, expect, it } from 'vitest';
import { backoff } from './backoff.js';

describe('backoff', () => {
  it('waits the base first, doubles at each attempt, and stops at the cap', () => {
    expect([1, 2, 3, 4].map((a) => backoff(1000, a))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoff(1000, 7)).toBe(60_000);
    expect(backoff(1000, 6, 30_000)).toBe(30_000);
    expect(backoff(1000, 5, 30_000)).toBe(16_000);
  });

  it('answers the base for an attempt not yet counted', () => {
    expect(backoff(250, 0)).toBe(250);
  });
});
