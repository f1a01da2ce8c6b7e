import { Button } from '@/components/ui/button';

/**
 * Newer and older pages of a keyset list (decision 058): `cursors` are those walked so far (the last
 * one reads the page shown), `nextCursor` the one the page answered (null on the last page).
 */
export function KeysetPager({
  cursors,
  nextCursor,
  onChange,
  newer,
  older,
  olderTestId,
}: {
  cursors: string[];
  nextCursor: string | null | undefined;
  onChange: (cursors: string[]) => void;
  newer: string;
  older: string;
  olderTestId: string;
}) {
  return (
    <div className="flex justify-between gap-2">
      <Button variant="outline" disabled={cursors.length === 0} onClick={() => onChange(cursors.slice(0, -1))}>
        {newer}
      </Button>
      <Button
        variant="outline"
        disabled={!nextCursor}
        onClick={() => nextCursor && onChange([...cursors, nextCursor])}
        data-testid={olderTestId}
      >
        {older}
      </Button>
    </div>
  );
}
