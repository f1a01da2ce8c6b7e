import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffPlayer } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { staffErrorKey } from '@/backoffice/lib/errors';
import { useBlockPlayer } from '@/backoffice/features/players/api/block-player';
import { usePromotionBlock } from '@/backoffice/features/players/api/set-promotion-block';
import { useResetPassword } from '@/backoffice/features/players/api/reset-player-password';
import { useLiftLoginLock } from '@/backoffice/features/players/api/lift-login-lock';

/** Block or unblock login, with the reason staff give (audited). */
function BlockDialog({ player, open, onOpenChange }: { player: StaffPlayer; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation('players');
  const block = useBlockPlayer(player.id);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const blocking = player.status === 'active';
  const submit = () => {
    if (!reason.trim()) return setMissing(true);
    block.mutate({ blocked: blocking, reason: reason.trim() }, { onSuccess: () => onOpenChange(false) });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t(blocking ? 'player.block.title' : 'player.unblock.title')}
        description={t(blocking ? 'player.block.description' : 'player.unblock.description')}
      >
        <Field label={t('player.reason')} error={missing ? t('validation.reason_required') : undefined}>
          <Input value={reason} onChange={(e) => (setReason(e.target.value), setMissing(false))} data-testid="block-reason" />
        </Field>
        {block.isError && (
          <p role="alert" className="text-sm text-red-300">
            {t(staffErrorKey(block.error))}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common:actions.cancel')}
          </Button>
          <Button variant={blocking ? 'danger' : 'primary'} onClick={submit} loading={block.isPending} data-testid="block-confirm">
            {t(blocking ? 'player.block.confirm' : 'player.unblock.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The one-time password, shown once: it is not kept anywhere staff could read it again. */
function ResetDialog({ player, open, onOpenChange }: { player: StaffPlayer; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation('players');
  const reset = useResetPassword(player.id);
  const close = (o: boolean) => {
    if (!o) reset.reset();
    onOpenChange(o);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={t('player.reset.title')} description={t('player.reset.description')}>
        {reset.data ? (
          <div className="flex flex-col gap-2" data-testid="temporary-password-box">
            <p className="text-sm text-slate-300">{t('player.reset.shown_once')}</p>
            <output
              className="select-all rounded-lg bg-slate-800 px-3 py-2 text-center font-mono text-xl tracking-wider text-amber-200"
              data-testid="temporary-password"
            >
              {reset.data.temporaryPassword}
            </output>
          </div>
        ) : reset.isError ? (
          <p role="alert" className="text-sm text-red-300">
            {t(staffErrorKey(reset.error))}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {t(reset.data ? 'close' : 'cancel')}
          </Button>
          {!reset.data && (
            <Button variant="danger" onClick={() => reset.mutate(undefined)} loading={reset.isPending} data-testid="reset-confirm">
              {t('player.reset.confirm')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The actions on a player's page: login block, password reset, lifting a login lock, promotion blacklist. */
export function PlayerActions({ player }: { player: StaffPlayer }) {
  const { t } = useTranslation('players');
  const [dialog, setDialog] = useState<'block' | 'reset' | null>(null);
  const promotions = usePromotionBlock(player.id);
  const lift = useLiftLoginLock(player.id);
  return (
    <div className="flex flex-wrap gap-2" data-testid="player-actions">
      <Button
        variant={player.status === 'active' ? 'danger' : 'secondary'}
        size="sm"
        onClick={() => setDialog('block')}
        data-testid="block-player"
      >
        {t(player.status === 'active' ? 'player.block.open' : 'player.unblock.open')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => setDialog('reset')} data-testid="reset-password">
        {t('player.reset.open')}
      </Button>
      <Button variant="outline" size="sm" loading={lift.isPending} onClick={() => lift.mutate(undefined)} data-testid="lift-login-lock">
        {t('player.lift_lock.open')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        loading={promotions.isPending}
        onClick={() => promotions.mutate(!player.promotionBlocked)}
        data-testid="promotion-block"
      >
        {t(player.promotionBlocked ? 'player.promotions.allow' : 'player.promotions.block')}
      </Button>
      {lift.isSuccess && (
        <p role="status" className="basis-full text-sm text-emerald-300" data-testid="login-lock-lifted">
          {t('player.lift_lock.done')}
        </p>
      )}
      {(lift.isError || promotions.isError) && (
        <p role="alert" className="basis-full text-sm text-red-300">
          {t(staffErrorKey(lift.error ?? promotions.error))}
        </p>
      )}
      <BlockDialog player={player} open={dialog === 'block'} onOpenChange={(o) => setDialog(o ? 'block' : null)} />
      <ResetDialog player={player} open={dialog === 'reset'} onOpenChange={(o) => setDialog(o ? 'reset' : null)} />
    </div>
  );
}
