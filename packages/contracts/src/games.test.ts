import { describe, expect, it } from 'vitest';
import { launchGameBodySchema, pickTab } from './games.js';

describe('pickTab', () => {
  const tabs = ['Slot', 'Casino', 'Live'];
  it('answers the asked tab whatever its case', () => {
    expect(pickTab(tabs, 'Casino')).toBe('Casino');
    expect(pickTab(tabs, 'slot')).toBe('Slot');
  });
  it('falls back to the first tab for an unknown or missing one', () => {
    expect(pickTab(tabs, 'pp.txt')).toBe('Slot');
    expect(pickTab(tabs, undefined)).toBe('Slot');
  });
  it('answers null for a provider without tabs', () => {
    expect(pickTab([], 'Slot')).toBeNull();
  });
});

describe('launchGameBodySchema', () => {
  it('requires a game id', () => {
    expect(launchGameBodySchema.safeParse({ gameId: ' ' }).error?.issues[0]?.message).toBe('game.validation.game_required');
    expect(launchGameBodySchema.parse({ gameId: ' slot-1 ', language: 'lo' })).toEqual({ gameId: 'slot-1', language: 'lo' });
  });
});
