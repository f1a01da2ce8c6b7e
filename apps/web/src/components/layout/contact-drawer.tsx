import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/more-icons';
import { useAgency } from '@/lib/api/use-agency';
import { SocialMark, useSocialLinks } from './social-links';

/** The bottom bar's contact tab: a bottom drawer with the five social links (SPEC.md §2). */
export default function ContactDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const links = useSocialLinks(useAgency());
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          // focus the panel, not the hidden close control, so that control stays out of sight
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            (e.currentTarget as HTMLElement).focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl border-t border-slate-700 bg-slate-900 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-2xl"
          data-testid="contact-drawer"
        >
          <div className="mx-auto mb-3 h-1.5 w-12 rounded-full bg-slate-600" aria-hidden="true" />
          <Dialog.Title className="mb-3 text-center text-base font-semibold text-white">{t('nav.contact_us')}</Dialog.Title>
          <Dialog.Close
            className="sr-only focus:not-sr-only focus:absolute focus:top-3 focus:right-3 focus:rounded-lg focus:bg-slate-800 focus:p-2"
            aria-label={t('actions.close')}
          >
            <CloseIcon className="h-5 w-5" />
          </Dialog.Close>
          <ul className="flex flex-col gap-1">
            {links.map((l) => (
              <li key={l.key}>
                <a
                  href={l.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={l.label}
                  className="flex items-center gap-3 rounded-xl px-4 py-3 text-base text-slate-100 hover:bg-slate-800"
                >
                  <SocialMark network={l.key} />
                  {l.name}
                </a>
              </li>
            ))}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
