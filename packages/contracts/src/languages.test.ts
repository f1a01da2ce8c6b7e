import { describe, expect, it } from 'vitest';
import { LANGUAGE_SWITCH_SCRIPT } from './languages.js';

/** Runs the head script of a prerendered page against a browser's storage, cookie and location, as stubs. */
function run(page: { lang: string; stored: string | null; switched?: string; cookiesWork?: boolean }) {
  const session = new Map<string, string>(page.switched ? [['lang-switch', page.switched]] : []);
  let cookie = '';
  let reloads = 0;
  const document = {
    documentElement: { lang: page.lang },
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      if (page.cookiesWork !== false) cookie = value.split(';')[0]!;
    },
  };
  const storage = (m: Map<string, string>) => ({
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => m.set(k, v),
  });
  const globals = {
    localStorage: storage(new Map(page.stored ? [['i18nextLng', page.stored]] : [])),
    sessionStorage: storage(session),
    document,
    location: { reload: () => (reloads += 1) },
  };
  new Function(...Object.keys(globals), LANGUAGE_SWITCH_SCRIPT)(...Object.values(globals));
  return { cookie, reloads };
}

describe("a returning visitor's language, before the prerendered page paints (issue #35 defect 6)", () => {
  it('a Lao page for a visitor who chose Chinese: the cookie is written and the page asked for again', () => {
    expect(run({ lang: 'lo-LA', stored: 'cn' })).toEqual({ cookie: 'i18nextLng=cn', reloads: 1 });
  });

  it('nothing when the page is already in the chosen language, or no choice was made, or it is not a language', () => {
    for (const page of [
      { lang: 'zh-CN', stored: 'cn' },
      { lang: 'lo-LA', stored: null },
      { lang: 'lo-LA', stored: 'en' },
    ]) {
      expect(run(page)).toEqual({ cookie: '', reloads: 0 });
    }
  });

  it('never a loop: not twice for one language in a tab, not when cookies cannot be written', () => {
    expect(run({ lang: 'lo-LA', stored: 'vn', switched: 'vn' }).reloads).toBe(0);
    expect(run({ lang: 'lo-LA', stored: 'vn', cookiesWork: false }).reloads).toBe(0);
  });
});
