import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest } from './http-client.js';

describe('httpRequest', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/slow-body') {
        // the headers at once, the rest of the body too late: the timeout covers the body as well
        res.writeHead(200);
        res.write('part');
        setTimeout(() => res.end('rest'), 1_000);
        return;
      }
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/plain' });
        res.end(`${req.method} ${req.headers['x-signature'] ?? '-'} ${body}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the method, headers and body, and answers the status and text (kept-alive calls in a row)', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await httpRequest(new URL(`${base}/echo`), {
        method: 'POST',
        headers: { 'x-signature': `s${i}` },
        body: '{"a":1}',
        timeoutMs: 2_000,
      });
      expect(answer).toEqual({ status: 200, text: `POST s${i} {"a":1}` });
    }
    expect(await httpRequest(new URL(`${base}/missing`), { method: 'GET', headers: {}, timeoutMs: 2_000 })).toEqual({
      status: 404,
      text: 'GET - ',
    });
  });

  it('rejects with a TimeoutError when the body does not arrive in time', async () => {
    await expect(httpRequest(new URL(`${base}/slow-body`), { method: 'GET', headers: {}, timeoutMs: 100 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('rejects a refused connection and another protocol', async () => {
    await expect(httpRequest(new URL('http://127.0.0.1:1/'), { method: 'GET', headers: {}, timeoutMs: 2_000 })).rejects.toThrow();
    await expect(httpRequest(new URL('ftp://127.0.0.1/'), { method: 'GET', headers: {}, timeoutMs: 2_000 })).rejects.toThrow(
      /unsupported protocol/,
    );
  });
});
