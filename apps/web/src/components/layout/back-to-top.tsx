import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUpIcon } from '@/components/ui/icons';

/** SPEC.md §9: appears after 500 px of scroll. */
export const BACK_TO_TOP_AFTER_PX = 500;

export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // no read on mount: a page starts at the top, and a restored scroll position fires a scroll event;
    // reading scrollY right after React's commit would force a layout of the new page (a long task on a phone)
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label={t('nav.back_to_top')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed right-4 bottom-24 z-40 inline-flex h-11 w-11 items-center justify-center rounded-full bg-amber-400 text-slate-950 shadow-lg hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-200 min-[577px]:bottom-6"
      data-testid="back-to-top"
    >
      <ArrowUpIcon className="h-5 w-5" />
    </button>
  );
}
