import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@app/contracts';
import { CloseIcon } from '@/components/ui/more-icons';
import { useAnnouncements } from '@/lib/api/announcements';
import { LOCALE_TAG, currentLanguage } from '@/lib/i18n';

const DISMISSED_KEY = 'announcementsDismissed';

function readDismissed(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Re-renders at the earliest end among `shown`, so that a banner goes at its end without waiting for the next read. */
function useUntilNextEnd(shown: Announcement[]): number {
  const [now, setNow] = useState(Date.now);
  const next = Math.min(...shown.map((a) => Date.parse(a.endsAt)));
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const id = setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()) + 50);
    return () => clearTimeout(id);
  }, [next, now]);
  return now;
}

/**
 * The agency's announcements (decision 174), at the top of every page, in the player's language; each
 * can be closed for the rest of the browser session. The text is the staff's, set in the language it
 * is written in, so that Lao breaks only between words.
 */
export default function AnnouncementBanner() {
  const { t } = useTranslation();
  const { data } = useAnnouncements();
  const [dismissed, setDismissed] = useState(readDismissed);
  const live = (data?.announcements ?? []).filter((a) => !dismissed.includes(a.id));
  const now = useUntilNextEnd(live);
  const shown = live.filter((a) => Date.parse(a.startsAt) <= now && Date.parse(a.endsAt) > now);
  if (shown.length === 0) return null;
  const language = currentLanguage();
  const dismiss = (id: string) => {
    const next = [...dismissed, id];
    setDismissed(next);
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // storage refused (private mode): closed for this page only
    }
  };
  return (
    <section aria-label={t('announcement')} className="mb-4 flex flex-col gap-2" data-testid="announcements">
      {shown.map((a) => (
        <div
          key={a.id}
          className="flex items-start gap-2 rounded-lg border border-sky-400/40 bg-sky-500/10 py-2 pr-1 pl-3 text-sky-50"
          data-testid="announcement"
        >
          <p lang={LOCALE_TAG[language]} className="min-w-0 flex-1 py-1 text-sm leading-relaxed whitespace-pre-line">
            {a.texts[language]}
          </p>
          <button
            type="button"
            onClick={() => dismiss(a.id)}
            aria-label={t('actions.close')}
            className="grid h-9 w-9 shrink-0 place-items-center rounded-md text-sky-200 hover:bg-sky-500/20 focus-visible:outline-2 focus-visible:outline-amber-400"
            data-testid="announcement-close"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
      ))}
    </section>
  );
}
