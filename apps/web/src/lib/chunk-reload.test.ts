import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceFor } from './chunk-reload';

describe('a failed dynamic import reloads once per message (SPEC.md §8)', () => {
  it('reloads the first time and not again for the same message', () => {
    sessionStorage.clear();
    const reload = vi.fn();
    expect(reloadOnceFor('Failed to fetch dynamically imported module: /assets/a.js', sessionStorage, reload)).toBe(true);
    expect(reloadOnceFor('Failed to fetch dynamically imported module: /assets/a.js', sessionStorage, reload)).toBe(false);
    expect(reloadOnceFor('Failed to fetch dynamically imported module: /assets/b.js', sessionStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('recognises the browsers’ chunk errors only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
