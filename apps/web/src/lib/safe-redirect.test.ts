import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './safe-redirect';

const ORIGIN = 'https://laocredit.la';

describe('safeRedirect', () => {
  it('keeps a path of the player area with its search and hash', () => {
    expect(safeRedirect('/player/deposit/history?page=2', ORIGIN)).toBe('/player/deposit/history?page=2');
    expect(safeRedirect('/player', ORIGIN)).toBe('/player');
    expect(safeRedirect('/player/withdraw#top', ORIGIN)).toBe('/player/withdraw#top');
  });

  it.each([
    ['another origin', 'https://evil.example/player'],
    ['a protocol-relative URL', '//evil.example/player'],
    ['a backslash read as a slash', '/player\\..\\..\\evil'],
    ['a backslash origin', '/\\evil.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['a control character', '/player/\tx'],
    ['a page outside the player area', '/login'],
    ['a prefix that is not the area', '/playerx/deposit'],
    ['a path leaving the area', '/player/../login'],
    ['not a string', 42],
    ['nothing', undefined],
  ])('refuses %s', (_, value) => {
    expect(safeRedirect(value, ORIGIN)).toBeUndefined();
  });
});

describe('loginPath', () => {
  it('names the page to come back to and whether the session ended', () => {
    expect(loginPath('/player/deposit?provider=betflix', true)).toBe('/login?redirect=%2Fplayer%2Fdeposit%3Fprovider%3Dbetflix&expired=1');
    expect(loginPath('/login', false)).toBe('/login');
  });
});
