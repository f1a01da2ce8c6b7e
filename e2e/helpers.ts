import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { SAME_ORIGIN, expect } from './fixtures';
import { signInStaff } from './staff';
import { textsIn, type LocaleFile } from '../apps/web/src/lib/locale-file';

/**
 * One language's texts of a namespace, read from the bundled translations so a spec follows them: the
 * player site's `locales/<ns>.json`, or the back office's `backoffice/locales/<ns>.json` (every language
 * side by side in one file, docs/decisions/147).
 */
export function localeTexts(ns: string, lng: string, site: 'player' | 'backoffice' = 'player'): Record<string, unknown> {
  const dir = site === 'player' ? 'locales' : 'backoffice/locales';
  return textsIn(JSON.parse(readFileSync(new URL(`../apps/web/src/${dir}/${ns}.json`, import.meta.url), 'utf8')) as LocaleFile, lng);
}

/** The Lao texts the player sees. */
export const lo = (ns: string) => localeTexts(ns, 'lo');

/** The text at a dotted path of a translation tree (`form.provider`). */
export function pick(tree: Record<string, unknown>, path: string): string {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
  if (typeof value !== 'string') throw new Error(`no text at ${path}`);
  return value;
}

/** The sandbox (bank and providers) the journeys run against. */
export const SANDBOX = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 3400}`;

/**
 * A new player registered through the API. Registering logs the context in: pass `page.request` for
 * a browser already logged in, or `request` for a player who logs in through the page.
 */
export async function registerPlayer(api: APIRequestContext): Promise<{ username: string; password: string }> {
  const username = `e2e${randomBytes(5).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const fingerprint = randomBytes(16).toString('hex');
  const registered = await api.post('/api/v2/players/register', {
    headers: { ...SAME_ORIGIN, 'x-fingerprint': fingerprint },
    data: { username, password, confirmPassword: password, fingerprint },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { username, password };
}

/** A BCEL account of the player's (LAK, a fresh number) named `accountName`; answers its number. */
export async function addBankAccount(api: APIRequestContext, accountName: string): Promise<string> {
  const accountNumber = `0101${String(100_000_000 + (randomBytes(4).readUInt32BE() % 900_000_000))}`;
  const bank = await api.post('/api/v2/players/bank-accounts', {
    headers: SAME_ORIGIN,
    data: { bank: 'bcel', accountNumber, accountName, currency: 'LAK', owner: true },
  });
  expect(bank.status(), await bank.text()).toBe(201);
  return accountNumber;
}

/** A BCEL deposit order of the signed-in player through the API, and the QR it shows. */
export async function openDeposit(api: APIRequestContext, amount: string, providerId = 'gclub', bank = 'bcel') {
  const created = await api.post('/api/v2/deposits', {
    headers: SAME_ORIGIN,
    data: { providerId, mid: 'DEMO-LAK-001', bank, amount },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = (await created.json()) as { order: { id: string; transactionCode: string } };
  const qr = (await (await api.get(`/api/v2/deposits/${order.id}/qr`)).json()) as { payload: string };
  return { order, payload: qr.payload };
}

/** 500,000 kip deposited to a provider (gclub) through the API and paid at the sandbox bank: 724.63 THB at 690. */
export async function depositThroughTheBank(api: APIRequestContext, sandbox: APIRequestContext, providerId = 'gclub') {
  const { payload } = await openDeposit(api, '500000', providerId);
  const paid = await sandbox.post(`${SANDBOX}/sandbox/bank/payments`, { data: { payload, bank: 'bcel' } });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect
    .poll(
      async () => ((await (await api.get(`/api/v2/players/credits/${providerId}`)).json()) as { credit: { amount: string } }).credit.amount,
      {
        timeout: 20_000,
      },
    )
    .toBe('724.63');
}

/** A finance staff member (signed in past the second factor) approves (with the bank's reference) or rejects (with a reason) the OPEN withdrawal of that code. */
export async function staffDecides(request: APIRequestContext, code: string, decision: { reject: string } | { approve: string }) {
  await signInStaff(request, 'finance');
  const queue = (await (await request.get('/api/v2/backoffice/withdrawals?status=OPEN&limit=200')).json()) as {
    items: { id: string; transactionCode: string }[];
  };
  const order = queue.items.find((w) => w.transactionCode === code);
  expect(order).toBeDefined();
  const res =
    'reject' in decision
      ? await request.post(`/api/v2/backoffice/withdrawals/${order!.id}/reject`, { data: { reason: decision.reject } })
      : await request.post(`/api/v2/backoffice/withdrawals/${order!.id}/approve`, { data: { bankReference: decision.approve } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Opens the details behind an order of a history by keyboard, the way each layout offers them: a phone's card
 * (its summary) or a wide table's "details" button under its row; answers the details.
 */
export async function openOrderDetails(page: Page, rowTestId: string, code: string, phone: boolean): Promise<Locator> {
  const row = page.locator(`[data-testid="${rowTestId}"][data-code="${code}"]`);
  if (phone) {
    await row.locator('summary').focus();
    await page.keyboard.press('Enter');
    return row.getByTestId('order-details');
  }
  const button = row.getByRole('button', { expanded: false });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { expanded: true })).toBeVisible();
  return page.locator(`[data-testid="${rowTestId}-details"][data-code="${code}"]`).getByTestId('order-details');
}

/**
 * Marks every element of the page painted from its HTML and starts summing its layout shifts; `keptSinceMarked`
 * then says how many of them are still in the document: a first render that reuses the markup keeps them all.
 * The footer's shifts are left out: it is not in the HTML, and it comes in (and settles) once the page is
 * shown, whenever its chunk arrives (decision 185), so a sum with it would depend on when it is read.
 */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { marks: Element[]; shift: number };
    w.marks = [...document.querySelectorAll('#root *')];
    w.shift = 0;
    type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null }[] };
    const inFooter = (node: Node | null | undefined) => node instanceof Element && node.closest('footer') !== null;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        const sources = e.sources ?? [];
        if (sources.length === 0 || !sources.every((s) => inFooter(s.node))) w.shift += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Of the elements `markPage` marked, how many are still in the document, and the layout shift since. */
export function keptSinceMarked(page: Page): Promise<{ kept: number; total: number; shift: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { marks: Element[]; shift: number };
    return { kept: w.marks.filter((n) => n.isConnected).length, total: w.marks.length, shift: w.shift };
  });
}
