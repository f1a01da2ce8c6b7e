import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export const Route = createFileRoute('/_guest/register')({ component: RegisterPage });

function RegisterPage() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.register')}</PageHeading>;
}
