import type { ResourceKey } from 'i18next';
import { i18n } from '@/lib/i18n';

// the dialog's texts, one file per language, fetched with the dialog: no first page carries them
const texts = import.meta.glob<ResourceKey>('./*.json', { import: 'default' });

/** Adds the move dialog's texts (namespace `move`) in this language (each language has them all: no fallback, decision 147). */
export async function loadMoveTexts(language: string) {
  const load = texts[`./${language}.json`];
  if (!load || i18n.hasResourceBundle(language, 'move')) return;
  i18n.addResourceBundle(language, 'move', await load(), true, true);
}
