import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { BANK_CODES, type BankCode } from '@app/contracts';

const BANK_NAMES: Record<BankCode, string> = {
  bcel: 'BCEL One',
  jdb: 'JDB Yes',
  ldb: 'LDB Trust',
  indochina: 'Indochina Bank',
  kasikam: 'KBank (Kasikorn)',
  lvb: 'LaoViet Bank',
};

// no inline script anywhere: the page loads its behaviour and the QR decoder as files
const CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' blob: data:; media-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const options = BANK_CODES.map((code) => `<option value="${code}">${BANK_NAMES[code]}</option>`).join('');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox bank: pay a LAO QR</title>
<link rel="icon" href="data:,">
<style>
body { font-family: system-ui, sans-serif; max-width: 34rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
h1 { font-size: 1.4rem; } label { display: block; margin: 1rem 0 .3rem; font-weight: 600; }
textarea, select { width: 100%; box-sizing: border-box; font: inherit; padding: .5rem; }
textarea { font-family: ui-monospace, monospace; font-size: .85rem; min-height: 7rem; }
button { font: inherit; padding: .6rem 1.2rem; margin-top: 1rem; cursor: pointer; }
video { width: 100%; margin-top: .5rem; } .hidden { display: none; } #camera { display: block; }
#result { margin-top: 1.5rem; padding: 1rem; border-radius: .5rem; white-space: pre-wrap; }
#result.ok { background: #dcfce7; } #result.error { background: #fee2e2; }
</style>
</head>
<body>
<h1>Sandbox bank: pay a LAO QR</h1>
<p>Paste the QR payload, or read it from a picture or the camera, choose the bank you pay from, and pay.</p>
<form id="pay-form">
<label for="payload">QR payload</label>
<textarea id="payload" name="payload" required spellcheck="false" autocomplete="off"></textarea>
<label for="qr-image">Or a picture of the QR</label>
<input id="qr-image" type="file" accept="image/*">
<button id="camera" type="button">Scan with the camera</button>
<video id="video" class="hidden" playsinline muted></video>
<label for="bank">Paying bank</label>
<select id="bank" name="bank">${options}</select>
<button id="pay" type="submit">Pay</button>
</form>
<div id="result" role="status" aria-live="polite"></div>
<script src="/bank/jsqr.js"></script>
<script src="/bank/pay.js"></script>
</body>
</html>
`;

const SCRIPT = readFileSync(new URL('./static/pay.js', import.meta.url), 'utf8');

/** The customer's side: the pay page, its script, and jsQR to read QR pictures in the browser. */
export async function payPageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/bank/pay', async (_request, reply) => reply.header('content-security-policy', CSP).type('text/html; charset=utf-8').send(PAGE));
  app.get('/bank/pay.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(SCRIPT));
  let jsqr: string | null = null;
  app.get('/bank/jsqr.js', async (_request, reply) => {
    try {
      jsqr ??= readFileSync(createRequire(import.meta.url).resolve('jsqr'), 'utf8');
    } catch {
      // a dev dependency: without it the page still takes a pasted payload
      return reply.status(404).type('text/javascript; charset=utf-8').send('');
    }
    return reply.type('text/javascript; charset=utf-8').send(jsqr);
  });
}
