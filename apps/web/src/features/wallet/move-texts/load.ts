import type { ResourceKey } from 'i18next';
import { i18n } from '@/lib/i18n';

// the dialog's texts, one file per language, fetched with the dialog: no first page carries them
const texts = import.meta.glob<ResourceKey>('./*.json', { import: 'default' });

/** Adds the move dialog's texts (namespace `move`) in this language and in Lao, the fallback. */
export async function loadMoveTexts(language: string) {
  await Promise.all(
    [...new Set([language, 'lo'])].map(async (lng) => {
      const load = texts[`./${lng}.json`];
      if (!load || i18n.hasResourceBundle(lng, 'move')) return;
      i18n.addResourceBundle(lng, 'move', await load(), true, true);
    }),
  );
}
