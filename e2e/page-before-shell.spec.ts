import { expect, PHONE_ONLY, test } from './fixtures';
import { registerPlayer } from './helpers';

// A player page drawn afresh commits the page first and its shell's header and bottom bar in a task of
// their own (docs/decisions/203); its prerendered pages render whole (first-paint.spec.ts).
test(
  "/player/deposit drawn afresh: the page is committed before the header's contents and the bottom bar, which follow in a task of their own",
  PHONE_ONLY,
  async ({ page }) => {
    await registerPlayer(page.request);
    // the batches of changes to the document, numbered as the observer sees them: one render is one batch
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      let batch = 0;
      Object.assign(window, { firstSeen: seen });
      new MutationObserver(() => {
        batch++;
        for (const id of ['deposit-form', 'drawer-open', 'bottom-bar'])
          if (!(id in seen) && document.querySelector(`[data-testid="${id}"]`)) seen[id] = batch;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/player/deposit');
    await expect(page.getByTestId('bottom-bar')).toBeVisible();
    await expect(page.getByTestId('drawer-open')).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { firstSeen: Record<string, number> }).firstSeen);
    expect(seen['deposit-form']).toBeGreaterThan(0);
    expect(seen['drawer-open']).toBeGreaterThan(seen['deposit-form']!);
    expect(seen['bottom-bar']).toBeGreaterThan(seen['deposit-form']!);
  },
);
