import { describe, expect, it } from 'vitest';
import { providerHoldingCredit } from './holding-provider';

describe('providerHoldingCredit', () => {
  it('chooses the provider holding the credit, not the first of the list', () => {
    expect(
      providerHoldingCredit([
        ['alphabet', '154.92'],
        ['gclub', '0.00'],
        ['betflix', '20.00'],
      ]),
    ).toBe('alphabet');
    expect(
      providerHoldingCredit([
        ['gclub', '0.00'],
        ['alphabet', '0.01'],
      ]),
    ).toBe('alphabet');
  });

  it('waits for every credit, and keeps the form default when none holds any', () => {
    expect(
      providerHoldingCredit([
        ['alphabet', '154.92'],
        ['gclub', undefined],
      ]),
    ).toBeNull();
    expect(
      providerHoldingCredit([
        ['alphabet', '0.00'],
        ['gclub', '0.00'],
      ]),
    ).toBeNull();
  });
});
