import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { CallError } from '@/backoffice/components/call-error';
import { useInspectQr } from '@/backoffice/features/qr/api/use-inspect-qr';
import { QrResult } from './qr-result';

/**
 * Inspect a QR (every staff role; decision 134): paste a payload, or upload a player's slip screenshot;
 * the answer is what the QR says, this agency's order it names, and what the bank says of it now.
 */
export function QrInspectPage() {
  const { t } = useTranslation('qr');
  const [payload, setPayload] = useState('');
  const read = useInspectQr();
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
      {read.data && <QrResult result={read.data} />}
    </section>
  );
}
