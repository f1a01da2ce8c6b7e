import { describe, expect, it } from 'vitest';
import type { PromotionUsingResponse } from '@app/contracts';
import { depositBonus } from './bonus-preview';

const using = (
  status: 'ACTIVE' | 'USED',
  bonus: { kind: 'PERCENT'; percent: string; maxAmount: string } | { kind: 'FIXED'; amount: string },
) =>
  ({
    usage: { status, providerId: 'gclub' },
    promotion: { rules: { bonus } },
  }) as unknown as PromotionUsingResponse;

describe('depositBonus', () => {
  const daily = using('ACTIVE', { kind: 'PERCENT', percent: '10', maxAmount: '100' });

  it('adds the bonus of the promotion taken at this provider, as the server computes it', () => {
    expect(depositBonus('724.63', 'gclub', daily)).toBe('72.46');
    expect(depositBonus('5000.00', 'gclub', daily)).toBe('100.00');
    expect(depositBonus('50.00', 'gclub', using('ACTIVE', { kind: 'FIXED', amount: '20' }))).toBe('20.00');
  });

  it('says nothing at another provider, once the promotion is in use, or while the credit is unknown', () => {
    expect(depositBonus('724.63', 'alphabet', daily)).toBeNull();
    expect(depositBonus('724.63', 'gclub', using('USED', { kind: 'FIXED', amount: '20' }))).toBeNull();
    expect(depositBonus(null, 'gclub', daily)).toBeNull();
    expect(depositBonus('724.63', 'gclub', { usage: null, promotion: null })).toBeNull();
  });
});
