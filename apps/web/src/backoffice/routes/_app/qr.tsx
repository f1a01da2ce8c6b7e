import { createFileRoute } from '@tanstack/react-router';
import { QrInspectPage } from '../../features/qr/components/qr-inspect-page';
import { onlyFor } from '../../lib/access';

export const Route = createFileRoute('/_app/qr')({ beforeLoad: onlyFor('/qr'), component: QrInspectPage });
