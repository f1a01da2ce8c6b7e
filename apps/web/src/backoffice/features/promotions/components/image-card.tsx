import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMOTION_IMAGE_MAX_BYTES, PROMOTION_IMAGE_TYPES, type BackofficePromotion } from '@app/contracts';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ActionDialog } from '@/backoffice/components/action-dialog';
import { CallError } from '@/backoffice/components/call-error';
import { useRemoveImage } from '@/backoffice/features/promotions/api/remove-promotion-image';
import { useUploadImage } from '@/backoffice/features/promotions/api/upload-promotion-image';

/** The image removed, confirmed first: players see the promotion without one at once. */
function RemoveImage({ promotion }: { promotion: BackofficePromotion }) {
  const { t } = useTranslation('promotions');
  const remove = useRemoveImage(promotion.id);
  return (
    <ActionDialog
      label={t('image.remove')}
      variant="danger"
      testId="remove-image"
      title={t('image.remove_title', { code: promotion.code })}
      confirmText={() => t('image.remove_explain')}
      confirmLabel={t('image.remove_confirm')}
      mutation={remove}
      run={() => remove.mutateAsync()}
      returnFocusTo='[data-testid="promotion-image-input"]'
    />
  );
}

/**
 * The promotion's image: PNG, JPEG or WebP up to 1 MB (the server tells the type from the bytes and
 * refuses the rest); a new one replaces the old at a new address. Too large a file is refused here
 * before it is sent.
 */
export function ImageCard({ promotion }: { promotion: BackofficePromotion }) {
  const { t } = useTranslation('promotions');
  const upload = useUploadImage(promotion.id);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const send = () => {
    if (!file) return;
    if (file.size > PROMOTION_IMAGE_MAX_BYTES) return setTooLarge(true);
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        if (input.current) input.current.value = '';
      },
    });
  };
  return (
    <Card className="flex flex-col gap-3" data-testid="promotion-image-card">
      <CardTitle className="mb-0 text-base">{t('image.heading')}</CardTitle>
      {promotion.imageUrl ? (
        <img
          src={promotion.imageUrl}
          alt={t('image.current')}
          className="aspect-[2/1] w-full rounded-lg object-cover"
          data-testid="promotion-image"
        />
      ) : (
        <p className="text-sm text-slate-400">{t('image.none')}</p>
      )}
      {/* the browser's own file button speaks the browser's language: a button of ours in the staff's, the input inside it */}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className={cn(buttonClass('outline', 'sm'), 'cursor-pointer focus-within:outline-2 focus-within:outline-amber-300')}>
          <input
            ref={input}
            type="file"
            accept={PROMOTION_IMAGE_TYPES.join(',')}
            className="sr-only"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setTooLarge(false);
              upload.reset();
            }}
            data-testid="promotion-image-input"
          />
          {promotion.imageUrl ? t('image.replace') : t('image.choose')}
        </label>
        <span className="min-w-0 break-all text-slate-300" data-testid="promotion-image-file">
          {file ? file.name : t('image.no_file')}
        </span>
      </div>
      <p className="text-sm text-slate-400">{t('image.rules')}</p>
      {tooLarge && (
        <p role="alert" className="text-sm text-red-300">
          {t('field.image_size')}
        </p>
      )}
      <CallError error={upload.error} testId="image-error" />
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" disabled={!file || upload.isPending} loading={upload.isPending} onClick={send} data-testid="upload-image">
          {t('image.upload')}
        </Button>
        {promotion.imageUrl && <RemoveImage promotion={promotion} />}
      </div>
    </Card>
  );
}
