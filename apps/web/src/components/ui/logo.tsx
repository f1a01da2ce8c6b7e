import { cn } from './cn';

/** The brand mark: a gold coin with the Lao letter ລ (L). Decorative; the link around it is named. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={cn('h-9 w-9', className)} aria-hidden="true">
      <defs>
        <linearGradient id="logo-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#d97706" />
        </linearGradient>
      </defs>
      <circle cx="20" cy="20" r="19" fill="url(#logo-gold)" />
      <circle cx="20" cy="20" r="14.5" fill="none" stroke="#78350f" strokeOpacity="0.45" strokeWidth="1.5" />
      <text x="20" y="26.5" textAnchor="middle" fontSize="18" fontWeight="700" fill="#422006" fontFamily="'Noto Sans Lao', sans-serif">
        ລ
      </text>
    </svg>
  );
}

/** Logo and name together. */
export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <Logo />
      <span className="text-lg font-bold tracking-tight text-white">
        Lao<span className="text-amber-400">Credit</span>
      </span>
    </span>
  );
}
