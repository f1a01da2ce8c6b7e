// The withdrawal desk staff work at all day (decision 178): the copy buttons give the bank app what it
// takes, a preset reason chosen in the reject dialog is the reason sent (the one the player reads), the
// tab title counts what waits and a new request chimes once the sound is switched on.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { QueueWithdrawal, WithdrawalPlayerResponse } from '@app/contracts';
import { i18nReady } from '@/backoffice/lib/i18n';
import { WithdrawalCard } from './withdrawal-card';
import { QueuePage } from './queue-page';
import { CHIME_STORAGE_KEY } from './new-request-chime';

const w: QueueWithdrawal = {
  id: '6f1c1a55-8a43-4ab5-9d0e-5b8b5a4a0c11',
  transactionCode: 'W2611290001',
  providerId: 'gclub',
  status: 'OPEN',
  amount: '1930.00',
  amountReceived: '1234000',
  receivedCurrency: 'LAK',
  rate: '640',
  bank: 'bcel',
  accountName: 'Somchai Phommachanh',
  accountNumber: '0101000123456',
  creditReceived: '1930.00',
  creditReturned: '0.00',
  promoCredit: '0.00',
  totalCredit: '1930.00',
  rejectReason: null,
  bankReference: null,
  createdAt: '2026-11-29T01:00:00.000Z',
  updatedAt: '2026-11-29T01:00:00.000Z',
  playerId: 'p1',
  playerUsername: 'somchai',
  playerDisplayName: 'Somchai',
  decidedBy: null,
  twoApprovals: false,
  firstApproval: null,
  promotion: null,
  signals: { count: 0, kinds: [] },
};
const context: WithdrawalPlayerResponse = {
  playerId: 'p1',
  recentOrders: [
    {
      kind: 'deposit',
      id: 'd1',
      transactionCode: 'D1',
      providerId: 'gclub',
      status: 'PAID',
      amountLak: '690000',
      credit: '1000.00',
      createdAt: '2026-11-28T01:00:00.000Z',
    },
  ],
  credits: [{ providerId: 'gclub', amount: '12.50' }],
  bankAccount: {
    id: 'b1',
    bank: 'bcel',
    accountNumber: '0101999999999',
    accountName: 'Somchai',
    currency: 'LAK',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};
const PRESETS = ['ຊື່ບັນຊີບໍ່ກົງກັບຊື່ຜູ້ຫຼິ້ນ', 'Wrong account number'];

type Answer = (init: RequestInit | undefined) => unknown;
/** the staff API stubbed by path; every call is kept */
function stubApi(answers: Record<string, Answer>) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/api/, '');
      calls.push({ path, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[path];
      const body = answer?.(init);
      return new Response(JSON.stringify(body ?? { error: { code: 'NOT_FOUND', message: 'no' } }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderIn(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{node}</QueryClientProvider>) };
}

beforeAll(async () => {
  await i18nReady;
  await i18next.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the copy buttons', () => {
  it('copy the kip to send without grouping, the account number and the name, and say so', async () => {
    stubApi({});
    const user = userEvent.setup();
    // after user-event's setup, which puts a clipboard of its own
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderIn(<WithdrawalCard w={w} canDecide={false} />);
    await user.click(screen.getByTestId('copy-amount'));
    expect(writeText).toHaveBeenLastCalledWith('1234000');
    expect(screen.getByTestId('copy-amount').dataset.state).toBe('copied');
    expect(screen.getByTestId('copy-amount').textContent).toContain(i18next.t('common:copy.copied'));
    await user.click(screen.getByTestId('copy-account'));
    expect(writeText).toHaveBeenLastCalledWith('0101000123456');
    await user.click(screen.getByTestId('copy-name'));
    expect(writeText).toHaveBeenLastCalledWith('Somchai Phommachanh');
  });

  it('fall back to a selected field where the Clipboard API is missing, and say when copying failed', async () => {
    stubApi({});
    vi.stubGlobal('isSecureContext', false);
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    renderIn(<WithdrawalCard w={{ ...w, amountReceived: '1,234,000.00' }} canDecide={false} />);
    let copied = '';
    exec.mockImplementation(() => {
      copied = document.querySelector('textarea')?.value ?? '';
      return true;
    });
    await user.click(screen.getByTestId('copy-amount'));
    expect(exec).toHaveBeenCalledWith('copy');
    expect(copied).toBe('1234000');
    expect(screen.getByTestId('copy-amount').dataset.state).toBe('copied');
    exec.mockImplementation(() => false);
    await user.click(screen.getByTestId('copy-account'));
    expect(screen.getByTestId('copy-account').dataset.state).toBe('failed');
  });
});

describe('the reject dialog', () => {
  it("offers the agency's presets; the one chosen is the reason sent; the player's orders, credit and account are shown", async () => {
    const calls = stubApi({
      '/v2/backoffice/agency/reject-reasons': () => ({ reasons: PRESETS, isDefault: false }),
      [`/v2/backoffice/withdrawals/${w.id}/player`]: () => context,
      [`/v2/backoffice/withdrawals/${w.id}/reject`]: () => ({ withdrawal: { ...w, status: 'REJECTED', rejectReason: PRESETS[0] } }),
    });
    renderIn(<WithdrawalCard w={w} canDecide />);
    const user = userEvent.setup();
    // nothing of the player is asked before the dialog opens
    expect(calls.some((c) => c.path.endsWith('/player'))).toBe(false);
    await user.click(screen.getByTestId('decide-reject'));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('context-orders')).textContent).toContain('690,000');
    expect(within(dialog).getByTestId('context-credits').textContent).toContain('12.50');
    // the account the player has now is not the one asked for: said
    expect(within(dialog).getByTestId('context-account-differs')).toBeTruthy();

    await user.click(await within(dialog).findByRole('button', { name: PRESETS[0] }));
    const input = within(dialog).getByTestId<HTMLInputElement>('decide-reject-input');
    expect(input.value).toBe(PRESETS[0]);
    await user.click(within(dialog).getByTestId('decide-reject-next'));
    expect(within(dialog).getByTestId('decide-reject-confirm-text').textContent).toContain(PRESETS[0]);
    await user.click(within(dialog).getByTestId('decide-reject-confirm'));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/reject'))).toBeTruthy());
    expect(calls.find((c) => c.path.endsWith('/reject'))).toMatchObject({ method: 'POST', body: { reason: PRESETS[0] } });
  });
});

describe('the queue page', () => {
  it('counts what waits in the tab title and chimes on a new request once the sound is on', async () => {
    let summary = { count: 2, oldestAt: '2026-11-29T01:00:00.000Z', newestAt: '2026-11-29T01:05:00.000Z' };
    stubApi({
      '/v2/backoffice/withdrawals/summary': () => ({ open: summary }),
      '/v2/backoffice/withdrawals': () => ({ items: [w], nextCursor: null }),
      '/v2/backoffice/me': () => ({ staff: { id: 's', username: 'fin', role: 'finance' }, secondFactor: 'passed' }),
      '/v2/backoffice/agency/reject-reasons': () => ({ reasons: [], isDefault: false }),
    });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => undefined);
    document.title = 'Back office';
    const { client } = renderIn(<QueuePage />);
    await waitFor(() => expect(document.title).toBe(`(2) ${i18next.t('money:queue.heading')}`));
    const user = userEvent.setup();
    // off by default: a new request is silent
    summary = { ...summary, count: 3, newestAt: '2026-11-29T01:06:00.000Z' };
    await act(() => client.refetchQueries());
    await waitFor(() => expect(document.title).toBe(`(3) ${i18next.t('money:queue.heading')}`));
    expect(play).not.toHaveBeenCalled();

    // switched on: it plays once to say so, and is remembered
    await user.click(screen.getByTestId('queue-sound'));
    expect(play).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(CHIME_STORAGE_KEY)).toBe('on');
    // a poll that changed nothing is silent
    await act(() => client.refetchQueries());
    expect(play).toHaveBeenCalledTimes(1);
    // one decided and one new within a poll: the count stays, the newest moved
    summary = { ...summary, newestAt: '2026-11-29T01:07:00.000Z' };
    await act(() => client.refetchQueries());
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    // one decided: fewer, silent
    summary = { ...summary, count: 2 };
    await act(() => client.refetchQueries());
    await waitFor(() => expect(document.title).toBe(`(2) ${i18next.t('money:queue.heading')}`));
    expect(play).toHaveBeenCalledTimes(2);
    play.mockRestore();
  });
});
