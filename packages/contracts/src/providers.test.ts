import { describe, expect, it } from 'vitest';
import { CREDIT_PROVIDERS, PROVIDER_IDS } from './providers.js';

describe('CREDIT_PROVIDERS', () => {
  it('lists every provider once, in its own order', () => {
    expect([...CREDIT_PROVIDERS].sort()).toEqual([...PROVIDER_IDS].sort());
  });
});
