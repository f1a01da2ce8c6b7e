import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { takePageAnswer } from './page-answers';

describe("a player page's answers in its HTML (docs/decisions/077)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives each answer once, to the first GET for it; every other call is a request', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      `<script type="application/json" id="page-answers">{"/api/v2/players/info":{"player":{"displayName":"\\u003c/script> Somchai"}},"/api/v2/deposits/open":{"order":null}}</script>`,
    );
    const fetch = vi.fn(async () => new Response(JSON.stringify({ asked: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const client = createApiClient({ loginPath: '/login', noLoginRedirect: [], pageAnswer: takePageAnswer });

    expect(await client.api('/v2/players/info')).toEqual({ player: { displayName: '</script> Somchai' } });
    expect(fetch).not.toHaveBeenCalled();
    // taken: the next read of it asks the server
    expect(await client.api('/v2/players/info')).toEqual({ asked: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    // a call that is not a read is never answered from the page
    expect(await client.post('/v2/deposits/open', {})).toEqual({ asked: true });
    expect(await client.api('/v2/deposits/open', { method: 'GET' })).toEqual({ order: null });
    expect(await client.api('/v2/currencies')).toEqual({ asked: true });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(takePageAnswer('/api/v2/deposits/open')).toBeUndefined();
  });
});
