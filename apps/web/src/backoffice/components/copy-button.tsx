import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/copy-text';
import { cn } from '@/components/ui/cn';

/** how long "Copied" stays before the button reads "Copy" again */
export const COPIED_MS = 2_000;

/**
 * Copies one value as the bank app takes it (the Clipboard API, or a selected hidden field on a plain-http
 * host), and says so on the button itself: "Copied" (or "Copy failed") for two seconds, announced to
 * screen readers. `what` names the value for them: "Copy account number".
 */
export function CopyButton({ value, what, testId }: { value: string; what: string; testId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const ok = await copyText(value);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPIED_MS);
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={state === 'idle' ? t('copy.label', { what }) : undefined}
      data-testid={testId}
      data-state={state}
      className={cn(
        'inline-flex min-h-8 min-w-16 shrink-0 items-center justify-center gap-1 rounded-md border px-2 text-xs font-medium',
        'focus-visible:outline-2 focus-visible:outline-amber-300',
        state === 'copied'
          ? 'border-emerald-500/70 bg-emerald-500/15 text-emerald-200'
          : state === 'failed'
            ? 'border-red-500/70 bg-red-500/15 text-red-200'
            : 'border-slate-600 bg-slate-800 text-slate-200 hover:bg-slate-700',
      )}
    >
      <span aria-live="polite">
        {state === 'copied' ? `✓ ${t('copy.copied')}` : state === 'failed' ? t('copy.failed') : t('copy.copy')}
      </span>
    </button>
  );
}
