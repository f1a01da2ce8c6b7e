import { expect, PHONE_ONLY, test } from './fixtures';
import { registerPlayer } from './helpers';

// A player page drawn afresh commits the page first and its shell's header and bottom bar in a task of
// their own (docs/decisions/203); the pages in their HTML render whole: the public pages prerendered
// (first-paint.spec.ts) and the player pages the server draws (decision 204, player-page-render.spec.ts).
// /player/limits has no copy of its own: it is drawn afresh after the spinner.
test(
  "/player/limits drawn afresh: the page is committed before the header's contents and the bottom bar, which follow in a task of their own",
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
        for (const id of ['deposit-limits', 'drawer-open', 'bottom-bar'])
          if (!(id in seen) && document.querySelector(`[data-testid="${id}"]`)) seen[id] = batch;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/player/limits');
    await expect(page.getByTestId('bottom-bar')).toBeVisible();
    await expect(page.getByTestId('drawer-open')).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { firstSeen: Record<string, number> }).firstSeen);
    expect(seen['deposit-limits']).toBeGreaterThan(0);
    expect(seen['drawer-open']).toBeGreaterThan(seen['deposit-limits']!);
    expect(seen['bottom-bar']).toBeGreaterThan(seen['deposit-limits']!);
  },
);
