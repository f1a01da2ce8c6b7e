// The deposit form's fields are drawn once when the page opens: react-hook-form
// marks the form ready in its mount's layout effect, which redraws the form within the page's first task;
// the fields, drawn from plain values, skip that redraw (docs/decisions/086). They still follow what changes.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import {
  DEFAULT_AGENCY_SETTINGS,
  type AgencyInfoResponse,
  type CurrenciesResponse,
  type CreditResponse,
  type ProviderMaintenanceResponse,
} from '@app/contracts';
import { i18n, i18nReady } from '@/lib/i18n';
import { agencyInfoQueryOptions } from '@/lib/api/agency-info';
import { currenciesQueryOptions } from '@/lib/api/get-currencies';
import { promotionUsingQueryOptions } from '@/lib/api/get-promotion-using';
import { DepositForm } from './deposit-form';

const selectDraws = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/components/ui/select', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/components/ui/select')>();
  return {
    ...real,
    Select: (props: Parameters<typeof real.Select>[0]) => {
      selectDraws.count++;
      return real.Select(props);
    },
  };
});

const { depositMinLak, depositMaxLak, withdrawMinThb, withdrawMaxThb } = DEFAULT_AGENCY_SETTINGS;
const agency: AgencyInfoResponse = {
  agency: {
    id: 'agency',
    social: { telegram: '', whatsapp: '', facebook: '', twitter: '', line: '' },
    limits: { depositMinLak, depositMaxLak, withdrawMinThb, withdrawMaxThb },
  },
};
const currencies: CurrenciesResponse = {
  currencies: [{ isEnabled: true, code: 'LAK', mid: 'MID1', displayName: 'ກີບ', currency: 'LAK', buyRate: '700', sellRate: '690' }],
};
const credit: CreditResponse = { credit: { amount: '12.50', currency: 'THB' } };

beforeAll(async () => {
  await i18nReady;
  // the page's route loads its texts before it draws (the form's first draw has them)
  await i18n.loadNamespaces(['deposit', 'common', 'wallet', 'errors']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(maintenance: ProviderMaintenanceResponse = { maintenance: [] }) {
  // the page's first reads, as its HTML holds them, and the same answers from the (stubbed) network
  const answers: Record<string, unknown> = {
    '/api/v2/agency/info': agency,
    '/api/v2/currencies': currencies,
    '/api/v2/players/promotions/using': { usage: null, promotion: null },
    '/api/v2/players/credits/gclub': credit,
    '/api/v2/providers/maintenance': maintenance,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
      const body = answers[path];
      return new Response(JSON.stringify(body ?? { code: 'NOT_FOUND' }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(agencyInfoQueryOptions().queryKey, agency);
  client.setQueryData(currenciesQueryOptions().queryKey, currencies);
  client.setQueryData(promotionUsingQueryOptions().queryKey, { usage: null, promotion: null });
  selectDraws.count = 0;
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <DepositForm onCreated={() => undefined} onOpenElsewhere={() => undefined} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('DepositForm', () => {
  it('draws its three selects once as it opens, then follows the amount and shows the errors', async () => {
    renderForm();
    await waitFor(() => expect(screen.getByTestId('provider-credit').textContent).toMatch(/12/));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // provider, currency, bank: each drawn once (the form's own "ready" redraw does not reach them)
    expect(selectDraws.count).toBe(3);

    // the fields still follow the form: the credit preview as the amount is typed, the errors of a send
    const user = userEvent.setup();
    const amount = screen.getByLabelText(i18n.t('deposit:form.amount'));
    await user.type(amount, '69000');
    await waitFor(() => expect(screen.getByTestId('credit-preview').textContent).toContain('100'));
    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: i18n.t('deposit:form.submit') }));
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('errors:amount.required'));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
  });

  it('says a provider in maintenance at the choice and holds the submit (decision 175)', async () => {
    renderForm({ maintenance: [{ provider: 'gclub', until: null }] });
    const notice = await screen.findByTestId('provider-maintenance');
    expect(notice.textContent).toBe(`GClub · ${i18n.t('errors:PROVIDER_MAINTENANCE')}`);
    expect(screen.getByRole('button', { name: i18n.t('deposit:form.submit') })).toHaveProperty('disabled', true);
  });
});
