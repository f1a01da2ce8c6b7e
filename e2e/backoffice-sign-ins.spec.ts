// The owner's staff sign-ins (decision 152) at 390 and 1280 px, in Lao and English: a finance member signs
// in elsewhere; the owner opens the screen from the menu, finds that sign-in (active, the code given), keeps
// that person's only by the name, then everyone again. Finance sees no line for it in the menu and is sent
// home from its address. axe over each state: no serious or critical violation. Screenshots to SHOTS.
import { seriousAxe, shot, sized, staffLanguage, staffText } from './backoffice';
import { expect, test } from './fixtures';
import { signInStaff } from './staff';

for (const lng of ['lo', 'en'] as const) {
  test(`${lng}: the owner reads the staff sign-ins, one person's and everyone's; finance cannot open them`, async ({
    page,
    request,
  }, info) => {
    // two sign-ins, two full-page screenshots and axe twice, beside the other journeys on 2 cores
    test.setTimeout(120_000);
    await sized(page, info);
    await staffLanguage(page, lng);
    const text = staffText(lng, 'sign-ins');
    const found: string[] = [];
    const phone = page.viewportSize()!.width < 640;
    await signInStaff(page.request, 'owner');
    // another browser: a finance member signs in (password, then the code)
    const finance = await signInStaff(request, 'finance');

    await page.goto('/backoffice/');
    if (phone) await page.getByTestId('staff-menu').click();
    await page.getByTestId('nav-sign-ins').filter({ visible: true }).click();
    await expect(page.getByRole('heading', { name: text('heading') })).toBeVisible();
    const theirs = page.getByTestId('sign-in').filter({ hasText: finance.username }).first();
    await expect(theirs).toHaveAttribute('data-state', 'active');
    await expect(theirs).toContainText(text('states.active'));
    await expect(theirs.getByTestId('sign-in-code')).not.toContainText(text('no_code'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    found.push(...(await seriousAxe(page, 'sign-ins')));
    await shot(page, info, 'sign-ins', lng);

    // the name keeps that person's sign-ins only, in the address (a reload keeps it)
    await theirs.getByTestId('sign-in-staff').click();
    await expect(page).toHaveURL(/\/backoffice\/sign-ins\?staffId=/);
    await expect(page.getByTestId('sign-ins-one')).toContainText(finance.username);
    for (const item of await page.getByTestId('sign-in').all()) await expect(item).toContainText(finance.username);
    found.push(...(await seriousAxe(page, 'sign-ins one')));
    await shot(page, info, 'sign-ins-one', lng);
    await page.getByTestId('sign-ins-everyone').click();
    await expect(page.getByTestId('sign-ins-one')).toHaveCount(0);
    await expect(page).toHaveURL(/\/backoffice\/sign-ins$/);

    // finance: no line in the menu, and the address sends it to its home (the dashboard)
    await signInStaff(page.request, 'finance');
    await page.goto('/backoffice/sign-ins');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    if (phone) await page.getByTestId('staff-menu').click();
    await expect(page.getByTestId('nav-home').filter({ visible: true })).toBeVisible();
    await expect(page.getByTestId('nav-sign-ins')).toHaveCount(0);
    expect(found).toEqual([]);
  });
}
