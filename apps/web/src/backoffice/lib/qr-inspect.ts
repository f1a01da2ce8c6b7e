import type { QrInspectResponse } from '@app/contracts';
import { staffApi, staffPost } from './api';

/** Reads a pasted payload (docs/decisions/134). */
export const inspectPayload = (payload: string) => staffPost<QrInspectResponse>('/v2/backoffice/qr/inspect', { payload });

/** Reads the QR in a picture: its bytes as the body, its type as the content type (the server tells it from the bytes). */
export const inspectImage = (file: File) =>
  staffApi<QrInspectResponse>('/v2/backoffice/qr/inspect/image', {
    method: 'POST',
    body: file,
    headers: {
      'content-type': file.type === 'image/jpeg' ? 'image/jpeg' : file.type === 'image/png' ? 'image/png' : 'application/octet-stream',
    },
  });
