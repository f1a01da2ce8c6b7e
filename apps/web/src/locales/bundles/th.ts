import type { ResourceKey } from 'i18next';

// the player area's namespaces of this language in one file (the first ones are in ./th.first.ts), fetched
// when a player page needs them: one request, not one per namespace (docs/decisions/077, 156).
// `?lang=th` takes its texts out of each namespace file (vite-plugins/locale-language.ts, decision 147)
export default import.meta.glob<ResourceKey>(['../*.json', '!../common.json', '!../errors.json', '!../auth.json'], {
  eager: true,
  import: 'default',
  query: { lang: 'th' },
});
