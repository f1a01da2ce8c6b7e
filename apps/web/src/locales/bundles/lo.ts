import type { ResourceKey } from 'i18next';

// Lao's namespaces that are not in the first bundle (lib/i18n.ts has common, errors and auth), in one
// file: the player area's texts arrive in one request instead of one per namespace (docs/decisions/077).
// `?lang=lo` takes Lao's texts out of each namespace file (vite-plugins/locale-language.ts, decision 147)
export default import.meta.glob<ResourceKey>(['../*.json', '!../common.json', '!../errors.json', '!../auth.json'], {
  eager: true,
  import: 'default',
  query: { lang: 'lo' },
});
