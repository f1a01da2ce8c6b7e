import type { ResourceKey } from 'i18next';

// every namespace of this language in one file, fetched when it is chosen: one request (docs/decisions/077);
// `?lang=vn` takes its texts out of each namespace file (vite-plugins/locale-language.ts, decision 147)
export default import.meta.glob<ResourceKey>('../*.json', { eager: true, import: 'default', query: { lang: 'vn' } });
