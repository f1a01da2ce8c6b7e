import { createHmac } from 'node:crypto';

/**
 * The gateway's callbacks to the merchant (DESIGN.md §5): hex HMAC-SHA256 with BANK_CALLBACK_SECRET
 * over `TIMESTAMP.BODY`, timestamp in epoch milliseconds. The merchant's own calls to the gateway are
 * signed like the provider API's (../provider/signature.ts) with BANK_GATEWAY_SECRET.
 */
export function callbackSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}
