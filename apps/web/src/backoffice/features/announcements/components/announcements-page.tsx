import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { CallError } from '@/backoffice/components/call-error';
import { staffErrorKey } from '@/backoffice/lib/errors';
import { formatDateTime } from '@/lib/format';
import { announcementsQueryOptions, useAnnouncementAction } from '../api/announcements';
import { AnnouncementForm } from './announcement-form';

type State = 'shown' | 'scheduled' | 'ended';
const stateOf = (a: Announcement, now: number): State =>
  Date.parse(a.endsAt) <= now ? 'ended' : Date.parse(a.startsAt) > now ? 'scheduled' : 'shown';
const vientiane = (iso: string) => formatDateTime(iso, 'Asia/Vientiane');

function Row({ announcement: a, now, onEdit }: { announcement: Announcement; now: number; onEdit: () => void }) {
  const { t } = useTranslation('announcements');
  const action = useAnnouncementAction();
  const state = stateOf(a, now);
  return (
    <li className="flex flex-col gap-2 border-b border-slate-800 pb-3 last:border-0" data-testid="announcement-row" data-state={state}>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
        <Badge tone={state === 'shown' ? 'green' : state === 'scheduled' ? 'yellow' : 'grey'}>{t(`state.${state}`)}</Badge>
        <span>{t('window', { from: vientiane(a.startsAt), to: vientiane(a.endsAt) })}</span>
      </div>
      <p lang="lo-LA" className="text-slate-100">
        {a.texts.lo}
      </p>
      <div className="flex flex-wrap gap-2">
        {state !== 'ended' && (
          <Button size="sm" variant="outline" onClick={onEdit}>
            {t('edit')}
          </Button>
        )}
        {state === 'shown' && (
          <Button size="sm" variant="outline" loading={action.isPending} onClick={() => action.mutate({ id: a.id, action: 'end' })}>
            {t('end')}
          </Button>
        )}
        <Button
          size="sm"
          variant="danger"
          loading={action.isPending}
          onClick={() => window.confirm(t('delete_confirm')) && action.mutate({ id: a.id, action: 'delete' })}
        >
          {t('delete')}
        </Button>
      </div>
      <CallError error={action.error} reason />
    </li>
  );
}

/**
 * The agency's announcements (owner and finance, decision 174): a banner on every page of the player
 * site during its window, in the player's language. Written, changed, ended early or deleted here;
 * every step is in the audit log.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const list = useQuery(announcementsQueryOptions());
  const [editing, setEditing] = useState<Announcement | null>(null);
  // a new form after each save: the texts just sent are not left in it
  const [saved, setSaved] = useState(0);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-xl font-bold">{t('heading')}</h1>
        <p className="text-sm text-slate-400">{t('explain')}</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <AnnouncementForm
          key={editing?.id ?? `new-${saved}`}
          editing={editing}
          onDone={() => {
            setEditing(null);
            setSaved((n) => n + 1);
          }}
        />
        <Card className="flex min-w-0 flex-col gap-3" data-testid="announcement-list">
          <CardTitle className="text-base">{t('list_heading')}</CardTitle>
          {list.isPending ? (
            <Spinner className="mx-auto h-5 w-5" />
          ) : list.isError ? (
            <p role="alert" className="text-red-300">
              {t(staffErrorKey(list.error))}
            </p>
          ) : list.data.announcements.length === 0 ? (
            <p className="text-sm text-slate-400">{t('empty')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {list.data.announcements.map((a) => (
                <Row key={a.id} announcement={a} now={list.dataUpdatedAt} onEdit={() => setEditing(a)} />
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
