import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import chimeUrl from '@/backoffice/assets/new-request.wav';

/** where the staff member's choice is kept, per browser */
export const CHIME_STORAGE_KEY = 'backoffice.queue.sound';

/** What the queue's summary said at one poll: how many wait and when the newest was asked. */
export interface QueueSnapshot {
  count: number;
  newestAt: string | null;
}

/**
 * Whether a poll brought a new request: more waiting than before, or a newer one than the newest seen
 * (one arriving while another was decided leaves the count alone). The first snapshot is never new.
 */
export function hasNewRequest(before: QueueSnapshot | null, now: QueueSnapshot): boolean {
  if (!before) return false;
  if (now.count > before.count) return true;
  return now.newestAt !== null && (before.newestAt === null || Date.parse(now.newestAt) > Date.parse(before.newestAt));
}

let audio: HTMLAudioElement | null = null;
/** Plays the chime; a browser that still blocks sound (no press on the page yet) stays silent, nothing else. */
export function playChime(): void {
  audio ??= new Audio(chimeUrl);
  audio.currentTime = 0;
  void audio.play().catch(() => undefined);
}

function readChoice(): boolean {
  try {
    return localStorage.getItem(CHIME_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/**
 * The chime on new requests, off until the staff member switches it on (browsers play sound only after
 * a press on the page, and the switch is that press), remembered in this browser.
 */
export function useChimeChoice(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(readChoice);
  const choose = (next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(CHIME_STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // private mode: the choice holds for this page only
    }
    if (next) playChime();
  };
  return [on, choose];
}

/** Chimes when a poll of the queue brings a new request, if switched on. `snapshot` is null until loaded. */
export function useNewRequestChime(snapshot: QueueSnapshot | null, on: boolean, play: () => void = playChime): void {
  const before = useRef<QueueSnapshot | null>(null);
  // compared by value: a poll that changed nothing does nothing
  const count = snapshot?.count;
  const newestAt = snapshot?.newestAt ?? null;
  useEffect(() => {
    if (count === undefined) return;
    const now = { count, newestAt };
    if (on && hasNewRequest(before.current, now)) play();
    before.current = now;
  }, [count, newestAt, on, play]);
}

/** The switch of the chime, in the queue's heading. */
export function ChimeSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('money');
  return (
    <button
      type="button"
      aria-pressed={on}
      title={t('queue.sound_hint')}
      onClick={() => onChange(!on)}
      data-testid="queue-sound"
      className="inline-flex min-h-9 items-center gap-2 rounded-lg border border-slate-600 px-3 text-sm text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300 aria-pressed:border-amber-400 aria-pressed:text-amber-200"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-4 w-4"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16zM10 21h4" />
        {!on && <path d="M4 4l16 16" />}
      </svg>
      {t('queue.sound')}
    </button>
  );
}
