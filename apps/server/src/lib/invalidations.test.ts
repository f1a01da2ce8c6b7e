import { describe, expect, it } from 'vitest';
import { Invalidations } from './invalidations.js';

describe('Invalidations', () => {
  it('keeps a read unless its key changed after it started', () => {
    const inv = new Invalidations(10);
    const before = inv.begin();
    inv.invalidate('a');
    const after = inv.begin();
    expect(inv.mayKeep('a', before)).toBe(false);
    expect(inv.mayKeep('b', before)).toBe(true);
    expect(inv.mayKeep('a', after)).toBe(true);
  });

  it('keeps no read in flight once everything is forgotten', () => {
    const inv = new Invalidations(10);
    const before = inv.begin();
    inv.forgetAll();
    expect(inv.mayKeep('a', before)).toBe(false);
    expect(inv.mayKeep('a', inv.begin())).toBe(true);
  });

  it('past the keys it can remember, refuses every read started before, not only the last key', () => {
    const inv = new Invalidations(2);
    const before = inv.begin();
    inv.invalidate('a');
    inv.invalidate('b');
    // 'a' and 'b' fill it: the third forgets them, so their reads in flight must still be refused
    inv.invalidate('c');
    expect(inv.mayKeep('a', before)).toBe(false);
    expect(inv.mayKeep('z', before)).toBe(false);
    const later = inv.begin();
    expect(inv.mayKeep('c', later)).toBe(true);
    expect(inv.mayKeep('a', later)).toBe(true);
  });
});
