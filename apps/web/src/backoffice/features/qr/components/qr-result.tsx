import { useTranslation } from 'react-i18next';
import type { QrInspectResponse } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardTitle } from '@/components/ui/card';
import { DetailRow } from '@/backoffice/components/detail-row';
import { formatDateTime, formatMoney } from '@/lib/format';

const dash = '—';

/** What the QR says, this agency's order it names, and what the bank says of it now. */
export function QrResult({ result }: { result: QrInspectResponse }) {
  const { t } = useTranslation('qr');
  const { qr, order, bank } = result;
  const kip = (v: string | null) => (v === null ? dash : formatMoney(v, 'LAK'));
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
            <DetailRow label={t('order.created')}>{formatDateTime(order.createdAt)}</DetailRow>
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
            <DetailRow label={t('bank.paid_at')}>{bank.paidAt ? formatDateTime(bank.paidAt) : dash}</DetailRow>
          </dl>
        ) : (
          <p className="text-sm text-slate-400">{t('bank.not_asked')}</p>
        )}
      </Card>
    </div>
  );
}
