import { useEffect } from 'react';
import { useAgency } from '@/lib/api/use-agency';

/**
 * Sends the device fingerprint once per page load in the player area. The collector is loaded
 * after the page is up, so it never weighs on the first paint.
 */
export function FingerprintReporter() {
  const agencyId = useAgency().id;
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      void import('@/lib/fingerprint/report')
        .then(({ reportFingerprint }) => (cancelled ? false : reportFingerprint(agencyId)))
        // a failed report is retried on the next visit; it must never disturb the player
        .catch(() => undefined);
    }, 1500);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [agencyId]);
  return null;
}
