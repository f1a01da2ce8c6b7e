import { cn } from './cn';

/** ລ of Noto Sans Lao Bold at 18 px, baseline at y 26.5, centred on x 20 (the outline of the font's glyph). */
const LETTER_LO =
  'M17.41 26.68Q16.15 26.68 15.50 25.91Q14.85 25.13 14.85 23.80Q14.85 22.34 15.64 21.49Q16.44 20.63 17.95 20.63Q19.14 20.63 19.83 21.15Q20.52 21.68 20.76 22.56L21.22 24.27Q21.33 24.68 21.69 24.68Q22.09 24.68 22.09 24.21L22.09 20.58Q22.09 19.46 21.22 18.98Q20.36 18.49 19.05 18.49Q18.16 18.49 17.18 18.68Q16.20 18.87 15.41 19.21L15.41 17.16Q16.26 16.82 17.37 16.60Q18.49 16.38 19.60 16.38Q21.06 16.38 22.21 16.79Q23.37 17.19 24.04 18.03Q24.72 18.87 24.72 20.20L24.72 24.14Q24.72 25.38 23.91 26.03Q23.11 26.68 21.85 26.68Q20.77 26.68 20.15 26.20Q19.53 25.73 19.28 24.81L18.88 23.53Q18.67 22.70 17.93 22.70Q17.53 22.70 17.30 22.95Q17.07 23.21 17.07 23.75Q17.07 24.72 17.86 24.72Q18.13 24.72 18.40 24.65L18.81 26.41Q18.22 26.68 17.41 26.68Z';

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
      {/* the letter drawn, not typed: it shows before (or without) any Lao font */}
      <path d={LETTER_LO} fill="#422006" />
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
