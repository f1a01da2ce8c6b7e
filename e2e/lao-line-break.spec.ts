import { test, expect } from './fixtures';
import { addBankAccount, registerPlayer } from './helpers';
import { useLanguage } from './player-i18n';

// Lao writes no spaces between words: a line may only break between words (Chromium's dictionary
// segmentation), never inside one, where a line would start with a vowel or tone mark that belongs
// to the consonant left on the line before ("…ປະເທດລ / າວ").
const DEPENDENT = /^[\u0EB0-\u0EBC\u0EC8-\u0ECD]/;
const LEADING_VOWEL_AT_END = /[\u0EC0-\u0EC4]$/;
const LONG_LAO_NAME = 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວສົມສັກພົມມະຈັນ';

test('at 320 px, the bank account card breaks Lao values only between words', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await useLanguage(page, 'lo');
  await registerPlayer(page.request);
  await addBankAccount(page.request, LONG_LAO_NAME);
  await page.goto('/player/bank');
  const card = page.getByTestId('bank-account');
  await expect(card).toContainText(LONG_LAO_NAME);
  const lines = await card.locator('dd').evaluateAll((dds) =>
    dds.flatMap((dd) => {
      const text = dd.firstChild;
      if (!(text instanceof Text)) return [];
      const range = document.createRange();
      const out: string[] = [];
      let top: number | null = null;
      for (let i = 0; i < text.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const rect = range.getClientRects()[0];
        const y = rect ? Math.round(rect.top) : top;
        if (top !== null && y !== null && y > top + 2) out.push('');
        if (out.length === 0) out.push('');
        out[out.length - 1] += text.data[i];
        top = y;
      }
      return out;
    }),
  );
  const name = lines.filter((l) => /[\u0E80-\u0EFF]/.test(l));
  expect(name.length, JSON.stringify(lines)).toBeGreaterThan(1);
  for (const line of lines) {
    expect(line, JSON.stringify(lines)).not.toMatch(DEPENDENT);
    expect(line, JSON.stringify(lines)).not.toMatch(LEADING_VOWEL_AT_END);
  }
});
