import { test as base, expect } from './fixtures';

/**
 * The shared fixture fails on any console error. Browsers log every 4xx answer as one ("Failed to
 * load resource"), and some are the expected outcome of a step: the 401 of GET /players/info is how
 * a visitor is told apart (SPEC.md §2), a wrong password answers 401 or 400. This variant accepts
 * exactly those resource errors whose URL matches one of `patterns`, and console errors matching one
 * of `messages` (for a spec that breaks something on purpose); any other error still fails.
 */
export function testAllowing(patterns: readonly RegExp[], messages: readonly RegExp[] = []) {
  return base.extend<{ consoleErrors: string[] }>({
    consoleErrors: [
      async ({ page }, use) => {
        const errors: string[] = [];
        page.on('console', (msg) => {
          if (msg.type() !== 'error') return;
          const expected =
            (msg.text().startsWith('Failed to load resource') && patterns.some((re) => re.test(msg.location().url))) ||
            messages.some((re) => re.test(msg.text()));
          if (!expected) errors.push(`${msg.text()} ${msg.location().url}`.trim());
        });
        page.on('pageerror', (err) => errors.push(err.message));
        await use(errors);
        expect(errors, 'console errors on the page').toEqual([]);
      },
      { auto: true },
    ],
  });
}

export { expect };
