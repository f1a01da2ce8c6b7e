import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

// the dialog, its form and its texts load when the player first asks for it (the page's first JS stays as it was)
const MoveCreditDialog = lazy(() => import('./move-credit-dialog'));

/** "Move credit" next to the player's credits: opens the move dialog (decision 176). */
export function MoveCreditButton() {
  const { t } = useTranslation('wallet');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        data-testid="move-credit"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {t('home.move')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <MoveCreditDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
