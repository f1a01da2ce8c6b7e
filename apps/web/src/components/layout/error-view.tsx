import { useEffect, useState } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isChunkLoadError, reloadOnceFor } from '@/lib/chunk-reload';

/** SPEC.md §2: 'Something went wrong!' with a Show Error / Hide Error toggle. */
export function ErrorView({ error }: Pick<ErrorComponentProps, 'error'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // a route chunk from an older deploy: one reload fetches the new one (SPEC.md §8)
    if (isChunkLoadError(error)) reloadOnceFor(error.message);
  }, [error]);
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-start gap-4 py-12" data-testid="error-view">
      <h1 className="text-2xl font-semibold text-white">{t('error_view.title')}</h1>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-expanded={shown} onClick={() => setShown((s) => !s)}>
          {shown ? t('error_view.hide') : t('error_view.show')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
          {t('error_view.reload')}
        </Button>
      </div>
      {shown && (
        <pre className="w-full overflow-auto rounded-lg border border-red-500/40 bg-red-950/40 p-3 text-sm whitespace-pre-wrap text-red-200">
          {error instanceof Error ? error.message : String(error)}
        </pre>
      )}
    </section>
  );
}
