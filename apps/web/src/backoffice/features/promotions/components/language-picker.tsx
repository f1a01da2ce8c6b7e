import type { ReactNode } from 'react';
import { LANGUAGES, type Language } from '@app/contracts';
import { cn } from '@/components/ui/cn';
import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '@/backoffice/lib/player-languages';

export { LANGUAGE_NAMES, LANGUAGE_TAGS };

/** One of the player languages, as a row of pressed/unpressed buttons; `mark` adds to a language's button. */
export function LanguagePicker({
  value,
  onChange,
  label,
  testId,
  mark,
}: {
  value: Language;
  onChange: (language: Language) => void;
  label: string;
  testId: string;
  mark?: (language: Language) => ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={label}>
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          aria-pressed={l === value}
          onClick={() => onChange(l)}
          data-testid={`${testId}-${l}`}
          className={cn(
            'flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm',
            l === value
              ? 'border-amber-400 bg-amber-400 font-semibold text-slate-950'
              : 'border-slate-700 text-slate-200 hover:bg-slate-800',
          )}
        >
          <span lang={LANGUAGE_TAGS[l]}>{LANGUAGE_NAMES[l]}</span>
          {mark?.(l)}
        </button>
      ))}
    </div>
  );
}
