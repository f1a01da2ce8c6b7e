import { expect, PHONE_ONLY, test } from './fixtures';
import { addBankAccount, registerPlayer } from './helpers';
import { useLanguage } from './player-i18n';

// Lao writes no spaces between words: a line may break only where Chromium's Lao segmentation
// (by dictionary) allows one, never inside a syllable, where a line would start with a vowel or tone
// mark, or a final consonant, that belongs to the line before ("…ປະເທດລ / າວ").
const LONG_LAO_NAME = 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວສົມສັກພົມມະຈັນ';
const DEPENDENT = /^[\u0EB0-\u0EBC\u0EC8-\u0ECD]/;

test('at 320 px, the bank account card breaks a long Lao value only where Lao allows a break', PHONE_ONLY, async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await useLanguage(page, 'lo');
  await registerPlayer(page.request);
  await addBankAccount(page.request, LONG_LAO_NAME);
  await page.goto('/player/bank');
  const value = page.getByTestId('bank-account').locator('dd').filter({ hasText: LONG_LAO_NAME });
  await expect(value).toBeVisible();
  const { lines, allowed } = await value.evaluate((dd) => {
    /** The text of each line box of an element holding one text node. */
    const linesOf = (el: Element) => {
      const text = el.firstChild as Text;
      const range = document.createRange();
      const out: string[] = [];
      let top: number | null = null;
      for (let i = 0; i < text.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const rect = range.getClientRects()[0];
        const y = rect ? Math.round(rect.top) : top;
        if (out.length === 0 || (top !== null && y !== null && y > top + 2)) out.push('');
        out[out.length - 1] += text.data[i];
        top = y;
      }
      return out.map((l) => l.trim());
    };
    // every break opportunity of the text, as the browser's line breaker sees it without any
    // emergency wrapping: in a box of no width each opportunity becomes a line end
    const probe = document.createElement('div');
    probe.lang = 'lo';
    probe.style.cssText = 'position:absolute;width:0;overflow-wrap:normal;word-break:normal;white-space:normal';
    probe.style.font = getComputedStyle(dd).font;
    probe.textContent = dd.textContent;
    document.body.append(probe);
    let at = 0;
    const allowed = linesOf(probe).map((l) => (at += l.length));
    probe.remove();
    return { lines: linesOf(dd), allowed };
  });
  expect(lines.length, JSON.stringify(lines)).toBeGreaterThan(1);
  let at = 0;
  for (const line of lines.slice(0, -1)) {
    at += line.length;
    expect(allowed, `${JSON.stringify(lines)} broken at ${at}`).toContain(at);
  }
  for (const line of lines) expect(line, JSON.stringify(lines)).not.toMatch(DEPENDENT);
});
