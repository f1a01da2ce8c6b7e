import type { ResourceKey } from 'i18next';

// every namespace of this language in one file, for a player page opened first: its HTML preloads this file
// alone instead of ./vn.first.ts and ./vn.ts, one request less in its first round (lib/i18n.ts, decision 194).
// `file: 'all'` makes these modules its own, so that the two other files keep theirs (no chunk shared by the three).
// `?lang=vn` takes its texts out of each namespace file (vite-plugins/locale-language.ts, decision 147)
export default import.meta.glob<ResourceKey>('../*.json', {
  eager: true,
  import: 'default',
  query: { lang: 'vn', file: 'all' },
});
