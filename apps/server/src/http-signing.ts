import { createHmac } from 'node:crypto';

/**
 * Signing of the requests we send out, to the provider API and to the bank gateway alike
 * (docs/decisions/007-provider-sandbox.md): HMAC-SHA256 (hex) over `METHOD\nPATH?QUERY\nTIMESTAMP\nBODY`,
 * sent as `x-signature` with `x-timestamp` (ms since the epoch). The receiver refuses a signature
 * older than 5 minutes. Neither adapter owns it, so it lives beside the HTTP client both use.
 */
export function signedHeaders(secret: string, method: string, pathWithQuery: string, body: string, now = Date.now()) {
  const timestamp = String(now);
  const signature = createHmac('sha256', secret).update(`${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${body}`).digest('hex');
  return { 'x-signature': signature, 'x-timestamp': timestamp };
}
