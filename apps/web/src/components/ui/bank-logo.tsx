import type { BankCode } from '@app/contracts';
import { cn } from './cn';

/** Colours and letters for each bank's mark (drawn here: no third-party artwork is shipped). */
const MARKS: Record<BankCode, { bg: string; fg: string; accent: string; text: string; size: number }> = {
  bcel: { bg: '#b91c1c', fg: '#ffffff', accent: '#1d4ed8', text: 'BCEL', size: 11 },
  jdb: { bg: '#1e3a8a', fg: '#ffffff', accent: '#f59e0b', text: 'JDB', size: 13 },
  ldb: { bg: '#047857', fg: '#ffffff', accent: '#facc15', text: 'LDB', size: 13 },
  indochina: { bg: '#0e7490', fg: '#ffffff', accent: '#f97316', text: 'IDCB', size: 11 },
  kasikam: { bg: '#16a34a', fg: '#ffffff', accent: '#bbf7d0', text: 'KBank', size: 10 },
  lvb: { bg: '#1e40af', fg: '#ffffff', accent: '#dc2626', text: 'LVB', size: 13 },
};

/** A bank's mark. Decorative unless `title` is given; show the bank's name next to it. */
export function BankLogo({ bank, className, title }: { bank: BankCode; className?: string; title?: string }) {
  const m = MARKS[bank];
  return (
    <svg
      viewBox="0 0 48 48"
      className={cn('h-10 w-10 shrink-0', className)}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      data-bank={bank}
    >
      <rect width="48" height="48" rx="10" fill={m.bg} />
      <path d="M0 38h48v0a10 10 0 0 1-10 10H10A10 10 0 0 1 0 38Z" fill={m.accent} />
      <text x="24" y="29" textAnchor="middle" fontSize={m.size} fontWeight="800" fill={m.fg} fontFamily="system-ui, sans-serif">
        {m.text}
      </text>
    </svg>
  );
}
