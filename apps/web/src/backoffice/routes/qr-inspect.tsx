import { useState } from 'react';
import { createRoute } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QrInspectResponse } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { CallError } from '../components/call-error';
import { DetailRow } from '../components/detail-row';
import { formatKip, formatWhen } from '../lib/format';
import { inspectImage, inspectPayload } from '../lib/qr-inspect';
import { appRoute, onlyFor } from './_app';

export const qrInspectRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/qr',
  beforeLoad: onlyFor('/qr'),
  component: QrInspectPage,
});

const dash = '—';

function Result({ result }: { result: QrInspectResponse }) {
  const { t, i18n } = useTranslation('qr');
  const { qr, order, bank } = result;
  const kip = (v: string | null) => (v === null ? dash : formatKip(v, i18n.language));
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-3" data-testid="qr-result">
      <Card className="flex flex-col gap-3">
        <CardTitle className="text-base">{t('qr.title')}</CardTitle>
        <dl className="flex flex-col gap-1.5 text-sm">
          <DetailRow label={t('qr.kind')}>{t(`kinds.${qr.kind}`)}</DetailRow>
          <DetailRow label={t('qr.bank')}>{qr.bank ? qr.bank.toUpperCase() : (qr.iin ?? dash)}</DetailRow>
          <DetailRow label={t('qr.merchant')}>
            {qr.merchantId ?? dash}
            {result.ourMerchant === false && <span className="block text-amber-300">{t('qr.not_ours')}</span>}
          </DetailRow>
          {(qr.merchantName ?? qr.merchantNameAlternate) && (
            <DetailRow label={t('qr.name')}>{[qr.merchantName, qr.merchantNameAlternate].filter(Boolean).join(' · ')}</DetailRow>
          )}
          <DetailRow label={t('qr.amount')}>{kip(qr.amount)}</DetailRow>
          <DetailRow label={t('qr.bill')}>{qr.billNumber ?? dash}</DetailRow>
          <DetailRow label={t('qr.reference')}>{qr.reference ?? dash}</DetailRow>
          {qr.slip && <DetailRow label={t('qr.slip')}>{qr.slip.fccref ?? dash}</DetailRow>}
          {qr.slip?.ticket && <DetailRow label={t('qr.ticket')}>{qr.slip.ticket}</DetailRow>}
        </dl>
      </Card>
      <Card className="flex flex-col gap-3" data-testid="qr-order">
        <CardTitle className="text-base">{t('order.title')}</CardTitle>
        {order ? (
          <dl className="flex flex-col gap-1.5 text-sm">
            <DetailRow label={t('order.code')}>{order.transactionCode}</DetailRow>
            <DetailRow label={t('order.player')}>{order.playerUsername}</DetailRow>
            <DetailRow label={t('order.status')}>
              <Badge>{order.status}</Badge>
            </DetailRow>
            <DetailRow label={t('qr.amount')}>{kip(order.amount)}</DetailRow>
            <DetailRow label={t('order.created')}>{formatWhen(order.createdAt)}</DetailRow>
            <DetailRow label={t('order.bank_reference')}>{order.bankReference ?? dash}</DetailRow>
          </dl>
        ) : (
          <p className="text-sm text-slate-400">{t('order.none')}</p>
        )}
      </Card>
      <Card className="flex flex-col gap-3" data-testid="qr-bank">
        <CardTitle className="text-base">{t('bank.title')}</CardTitle>
        {bank ? (
          <dl className="flex flex-col gap-1.5 text-sm">
            <DetailRow label={t('order.status')}>
              <Badge data-testid="qr-bank-status">{t(`bank.status.${bank.status}`)}</Badge>
            </DetailRow>
            <DetailRow label={t('order.bank_reference')}>{bank.bankReference ?? dash}</DetailRow>
            <DetailRow label={t('qr.amount')}>{kip(bank.amount)}</DetailRow>
            <DetailRow label={t('bank.paid_at')}>{bank.paidAt ? formatWhen(bank.paidAt) : dash}</DetailRow>
          </dl>
        ) : (
          <p className="text-sm text-slate-400">{t('bank.not_asked')}</p>
        )}
      </Card>
    </div>
  );
}

/**
 * Inspect a QR (every staff role; decision 134): paste a payload, or upload a player's slip screenshot;
 * the answer is what the QR says, this agency's order it names, and what the bank says of it now.
 */
function QrInspectPage() {
  const { t } = useTranslation('qr');
  const [payload, setPayload] = useState('');
  const read = useMutation({
    mutationFn: (input: { payload: string } | { file: File }) =>
      'file' in input ? inspectImage(input.file) : inspectPayload(input.payload),
  });
  return (
    <section className="flex flex-col gap-4" data-testid="qr-inspect-page">
      <div>
        <h1 className="text-xl font-bold">{t('heading')}</h1>
        <p className="text-sm text-slate-400">{t('explain')}</p>
      </div>
      <Card className="flex flex-col gap-4">
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (payload.trim() && !read.isPending) read.mutate({ payload: payload.trim() });
          }}
        >
          <Field label={t('payload')}>
            <textarea
              className="min-h-24 w-full rounded-md border border-slate-700 bg-slate-900 p-2 font-mono text-sm break-all text-slate-100"
              value={payload}
              onChange={(e) => setPayload(e.target.value)}
              placeholder="000201…"
              spellCheck={false}
              data-testid="qr-payload-input"
            />
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={read.isPending} disabled={!payload.trim()} data-testid="qr-read">
              {t('read')}
            </Button>
            <label className="cursor-pointer text-sm text-sky-300 underline-offset-2 hover:underline">
              {t('upload')}
              <input
                type="file"
                accept="image/png,image/jpeg"
                className="sr-only"
                data-testid="qr-upload"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) read.mutate({ file });
                }}
              />
            </label>
          </div>
        </form>
        <CallError error={read.error} reason testId="qr-error" />
      </Card>
      {read.data && <Result result={read.data} />}
    </section>
  );
}
