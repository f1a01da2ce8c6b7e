import type { QrInspectResponse } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

/** Reads the QR in a picture: its bytes as the body, its type as the content type (the server tells it from the bytes). */
export const inspectImage = (file: File) =>
  staffApi<QrInspectResponse>('/v2/backoffice/qr/inspect/image', {
    method: 'POST',
    body: file,
    headers: { 'content-type': IMAGE_TYPES.has(file.type) ? file.type : 'application/octet-stream' },
  });
