/** What SPEC.md §3 keeps locally per agent id: the last fingerprint sent and the day it was sent. */
export interface StoredFingerprint {
  fingerprint: string;
  /** YYYY-MM-DD */
  date: string;
}

const KEY_PREFIX = 'fingerprint:';

export function storageKey(agencyId: string): string {
  return KEY_PREFIX + agencyId;
}

/** The local calendar day as YYYY-MM-DD. */
export function today(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** SPEC.md §7: send only when the stored fingerprint differs or was not stored today. */
export function shouldSend(stored: StoredFingerprint | null, current: string, day: string): boolean {
  return !stored || stored.fingerprint !== current || stored.date !== day;
}

export function readStored(agencyId: string, storage: Storage = localStorage): StoredFingerprint | null {
  try {
    const raw = storage.getItem(storageKey(agencyId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredFingerprint>;
    return typeof value.fingerprint === 'string' && typeof value.date === 'string'
      ? { fingerprint: value.fingerprint, date: value.date }
      : null;
  } catch {
    return null;
  }
}

export function writeStored(agencyId: string, value: StoredFingerprint, storage: Storage = localStorage) {
  try {
    storage.setItem(storageKey(agencyId), JSON.stringify(value));
  } catch {
    // storage disabled: the next visit sends again, which the server tolerates
  }
}
