import { describe, expect, it } from 'vitest';
import { LINK_SEARCH, rawTabLabel, tabLabelKey } from './game-links';
import { validateGameSearch } from './game-pages';

describe('game page search', () => {
  it('keeps a tab as given, file-like ones included', () => {
    expect(validateGameSearch({ tab: 'Slot' })).toEqual({ tab: 'Slot' });
    expect(validateGameSearch({ tab: 'pp.txt' })).toEqual({ tab: 'pp.txt' });
  });
  it('drops a missing, empty, overlong or non-text tab', () => {
    expect(validateGameSearch({})).toEqual({});
    expect(validateGameSearch({ tab: '' })).toEqual({});
    expect(validateGameSearch({ tab: 'x'.repeat(65) })).toEqual({});
    expect(validateGameSearch({ tab: 3 })).toEqual({});
  });
  it('links askmebet with tab=Slot and betflix with tab=pp.txt (SPEC.md §2)', () => {
    expect(LINK_SEARCH.askmebet).toEqual({ tab: 'Slot' });
    expect(LINK_SEARCH.betflix).toEqual({ tab: 'pp.txt' });
    expect(LINK_SEARCH.gclub).toEqual({});
  });
});

describe('tab labels', () => {
  it('translates the known categories and shows the others by their own name', () => {
    expect(tabLabelKey('Slot')).toBe('games.tab.slot');
    expect(tabLabelKey('LIVE')).toBe('games.tab.live');
    expect(tabLabelKey('pp.txt')).toBeNull();
    expect(rawTabLabel('pp.txt')).toBe('PP');
    expect(rawTabLabel('Joker')).toBe('JOKER');
  });
});
