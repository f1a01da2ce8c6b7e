import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLAY_REMINDER_EVERY_MINUTES } from '@app/contracts';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { formatDateTime, formatMoney } from '@/lib/format';
import { playTodayKey, usePlayToday } from '../api/get-play-today';

const EVERY_MS = PLAY_REMINDER_EVERY_MINUTES * 60_000;
const ACK_KEY = 'playReminderSeen';

/** The hours already acknowledged for a day's play (keyed by its first launch): on this device, across pages and reloads. */
function readSeen(since: string): number {
  try {
    const seen = JSON.parse(localStorage.getItem(ACK_KEY) ?? 'null') as { since?: unknown; hours?: unknown } | null;
    return seen?.since === since && typeof seen.hours === 'number' ? seen.hours : 0;
  } catch {
    return 0;
  }
}

/** The signed net result: "+20.50 THB", "−99.50 THB". */
function signed(amount: string, currency: string): string {
  const negative = amount.startsWith('-');
  const abs = negative ? amount.slice(1) : amount;
  return `${negative ? '−' : /^0(\.0+)?$/.test(abs) ? '' : '+'}${formatMoney(abs, currency)}`;
}

/**
 * The hourly reminder on game pages (decision 113): after each full hour since the day's first
 * game launch, a dialog with the time played and today's net result; "continue" or the limits page.
 */
export default function PlayReminder() {
  const { t } = useTranslation('wallet');
  const client = useQueryClient();
  const { data } = usePlayToday();
  const since = data?.since ?? null;
  const [now, setNow] = useState(Date.now);
  // acknowledged on this page, or before (another page, a reload)
  const [acked, setSeen] = useState(0);
  const seen = since ? Math.max(acked, readSeen(since)) : 0;
  const hours = since ? Math.floor((now - Date.parse(since)) / EVERY_MS) : 0;
  // the next full hour: read the figures again and show the reminder
  useEffect(() => {
    if (!since) return;
    const next = Date.parse(since) + (Math.floor((Date.now() - Date.parse(since)) / EVERY_MS) + 1) * EVERY_MS;
    const id = setTimeout(() => {
      setNow(Date.now());
      void client.invalidateQueries({ queryKey: playTodayKey });
    }, next - Date.now());
    return () => clearTimeout(id);
  }, [since, now, client]);

  if (!since || !data || hours < 1 || hours <= seen) return null;
  const acknowledge = () => {
    setSeen(hours);
    try {
      localStorage.setItem(ACK_KEY, JSON.stringify({ since, hours }));
    } catch {
      // storage refused: acknowledged for this page only
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && acknowledge()}>
      <DialogContent title={t('reminder.title')} description={t('reminder.played', { hours, since: formatDateTime(since) })}>
        <div className="flex flex-col gap-2" data-testid="play-reminder">
          {data.net && (
            <p className="text-lg font-semibold text-white" data-testid="play-reminder-net">
              {t('reminder.net', { amount: signed(data.net.amount, data.net.currency) })}
            </p>
          )}
          {data.unread.length > 0 && <p className="text-sm text-slate-400">{t('reminder.unread')}</p>}
        </div>
        <DialogFooter>
          <Link to="/player/limits" className={buttonClass('outline')} onClick={acknowledge} data-testid="play-reminder-limits">
            {t('reminder.limits')}
          </Link>
          <Button onClick={acknowledge} data-testid="play-reminder-continue">
            {t('reminder.continue')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
