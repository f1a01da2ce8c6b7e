import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/ui/page-heading';

export const Route = createFileRoute('/_guest/login')({ component: LoginPage });

function LoginPage() {
  const { t } = useTranslation();
  return <PageHeading>{t('pages.login')}</PageHeading>;
}
