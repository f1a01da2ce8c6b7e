import { createHmac } from 'node:crypto';

/**
 * Request signing for the provider API (docs/decisions/007-provider-sandbox.md): HMAC-SHA256 (hex)
 * over `METHOD\nPATH?QUERY\nTIMESTAMP\nBODY`, sent as `x-signature` with `x-timestamp` (ms since
 * the epoch). The provider refuses a signature older than 5 minutes.
 */
export function signedHeaders(secret: string, method: string, pathWithQuery: string, body: string, now = Date.now()) {
  const timestamp = String(now);
  const signature = createHmac('sha256', secret).update(`${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${body}`).digest('hex');
  return { 'x-signature': signature, 'x-timestamp': timestamp };
}
