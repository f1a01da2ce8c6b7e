import { GiftIcon } from '@/components/ui/more-icons';
import { cn } from '@/components/ui/cn';

/** The promotion's image (its URL is immutable, so the browser keeps it), or a drawn banner when it has none. */
export function PromotionImage({ url, name, className }: { url: string | null; name: string; className?: string }) {
  if (url) {
    return <img src={url} alt={name} loading="lazy" decoding="async" className={cn('aspect-[2/1] w-full object-cover', className)} />;
  }
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex aspect-[2/1] w-full items-center justify-center bg-gradient-to-br from-amber-400 via-amber-500 to-rose-600 text-slate-950',
        className,
      )}
    >
      <GiftIcon className="h-14 w-14 opacity-80" />
    </div>
  );
}
