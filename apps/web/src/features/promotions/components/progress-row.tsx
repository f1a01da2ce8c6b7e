import type { ReactNode } from 'react';
import { progressPercent } from '../lib/status';

/** A requirement with what is done of it, as text and a bar (accessible as a progressbar). */
export function ProgressRow({
  label,
  value,
  done,
  required,
  testId,
}: {
  label: string;
  value: ReactNode;
  done: bigint;
  required: bigint;
  testId: string;
}) {
  const pct = progressPercent(done, required);
  return (
    <div className="flex flex-col gap-1" data-testid={testId} data-done={pct >= 100 ? 'true' : 'false'}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-slate-400">{label}</span>
        <span className="font-medium text-white tabular-nums">{value}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 overflow-hidden rounded-full bg-slate-800"
      >
        <div className={pct >= 100 ? 'h-full bg-emerald-500' : 'h-full bg-amber-400'} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
