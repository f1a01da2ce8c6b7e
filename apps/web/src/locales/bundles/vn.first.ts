import type { ResourceKey } from 'i18next';

// the namespaces every page's first render needs (lib/i18n.ts, EAGER_NAMESPACES) in this language, one file
// preloaded by each page's HTML in that language: none of them sits in the entry (decision 156).
// `?lang=vn` takes its texts out of each namespace file (vite-plugins/locale-language.ts, decision 147)
export default import.meta.glob<ResourceKey>(['../common.json', '../errors.json', '../auth.json'], {
  eager: true,
  import: 'default',
  query: { lang: 'vn' },
});
