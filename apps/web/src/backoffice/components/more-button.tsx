import { Button } from '@/components/ui/button';

/** The part of an infinite (keyset) query the button needs. */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Show more" under a keyset list (decision 058): the next page, shown only while there is one. */
export function MoreButton({ list, label, testId }: { list: Pages; label: string; testId?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="self-center"
      loading={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
