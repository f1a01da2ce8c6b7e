import { expect, PHONE_ONLY, test, untilLive } from './fixtures';

test('the site opens and shows the agency-dependent page', PHONE_ONLY, async ({ page, request }) => {
  const info = await (await request.get('/api/v2/agency/info')).json();
  await page.goto('/');
  await untilLive(page);
  await page.getByTestId('contact-menu').click();
  await expect(page.getByTestId('contact-telegram')).toHaveAttribute('href', info.agency.social.telegram);
});

test('deep links are served the SPA', PHONE_ONLY, async ({ request }) => {
  for (const path of ['/', '/login', '/player/deposit']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
  }
});
