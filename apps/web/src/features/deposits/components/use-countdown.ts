import { useEffect, useState } from 'react';

/** Whole seconds left until `iso` (0 once past), ticking every second. */
export function useCountdown(iso: string): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000));
}

export const mmss = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
