/* global self, caches */
// The player site's service worker: an offline page, nothing else. It never answers from a cache
// what the server must answer: the API (credit, orders, money) and every page are fetched from the
// network; only when a page cannot be fetched at all does the offline page stand in for it.
const CACHE = 'offline-v1';
const OFFLINE = '/offline.html';
const PRECACHE = [OFFLINE, '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // the API and the back office: network only, the browser's own handling
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/backoffice')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  // the offline page's own image, when the network is gone
  if (PRECACHE.includes(url.pathname)) event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
});
