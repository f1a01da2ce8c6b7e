import type { QrInspectResponse } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';

/** Reads a pasted payload (docs/decisions/134). */
export const inspectPayload = (payload: string) => staffPost<QrInspectResponse>('/v2/backoffice/qr/inspect', { payload });
