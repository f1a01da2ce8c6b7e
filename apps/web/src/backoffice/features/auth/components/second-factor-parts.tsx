import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrolmentResponse } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { copyText } from '@/lib/copy-text';
import { staffErrorKey } from '@/backoffice/lib/errors';

/** The secret in groups of four, as authenticator apps ask it to be typed. */
const groups = (secret: string) => secret.match(/.{1,4}/g) ?? [];

/** A new secret to scan: the QR code of its otpauth:// URI, and the key to type by hand (enrolment, invitation). */
export function TotpSecret({ data, error }: { data: EnrolmentResponse | undefined; error: unknown }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <div className="mx-auto w-full max-w-56 rounded-xl bg-white p-2">
        {data ? (
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(data.qrSvg)}`}
            alt={t('enrol.qr_alt')}
            className="h-auto w-full"
            data-testid="staff-qr"
          />
        ) : (
          <div className="flex aspect-square items-center justify-center">
            {error ? <span className="text-sm text-red-700">{t(staffErrorKey(error))}</span> : <Spinner className="h-8 w-8" />}
          </div>
        )}
      </div>
      {data && (
        <p className="mt-3 text-center text-sm text-slate-300">
          {t('enrol.secret_label')}
          <code
            className="mt-1 flex flex-wrap justify-center gap-x-2 font-mono text-base text-slate-100"
            data-testid="staff-secret"
            data-secret={data.secret}
          >
            {/* a line breaks between groups, never inside one */}
            {groups(data.secret).map((g, i) => (
              <span key={i}>{g}</span>
            ))}
          </code>
        </p>
      )}
    </>
  );
}

/** Ten recovery codes, shown this once, to copy or write down; `onDone` when they are kept. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-8">
      <Card className="w-full max-w-md" data-testid="staff-recovery-codes">
        <CardTitle>{t('enrol.codes_heading')}</CardTitle>
        <CardDescription className="mb-4">{t('enrol.codes_hint')}</CardDescription>
        <ol className="grid grid-cols-2 gap-2 font-mono text-base">
          {codes.map((c) => (
            <li key={c} className="rounded-md bg-slate-800 px-3 py-2 text-center" data-testid="staff-recovery-code">
              {c}
            </li>
          ))}
        </ol>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" className="sm:flex-1" onClick={() => void copyText(codes.join('\n')).then(setCopied)}>
            {t('enrol.copy')}
          </Button>
          <Button className="sm:flex-1" onClick={onDone} data-testid="staff-recovery-done">
            {t('enrol.saved')}
          </Button>
        </div>
        {copied !== null && (
          <p role="status" className="mt-2 text-sm text-slate-300">
            {copied ? t('enrol.copied') : t('enrol.copy_failed')}
          </p>
        )}
      </Card>
    </main>
  );
}
