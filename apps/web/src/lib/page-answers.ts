/** The element a player page's HTML holds its first reads' answers in (apps/server/src/plugins/page-answers.ts). */
const ELEMENT_ID = 'page-answers';

let answers: Map<string, unknown> | null = null;

/**
 * The answer the server wrote into the page's HTML for this GET (`/api/v2/…`), taken once: the first
 * call for it has it without a request, any later call asks the server (docs/decisions/077).
 */
export function takePageAnswer(url: string): { value: unknown } | undefined {
  answers ??= read();
  if (!answers.has(url)) return undefined;
  const value = answers.get(url);
  answers.delete(url);
  return { value };
}

/**
 * The answers of the page the server is rendering (src/prerender.tsx, `renderPlayerPage`), or none
 * (null) after it: there is no document to read them from there, and one render at a time.
 */
export function holdPageAnswers(held: Record<string, unknown> | null): void {
  answers = held === null ? new Map() : new Map(Object.entries(held));
}

function read(): Map<string, unknown> {
  const text = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(text) as Record<string, unknown>));
  } catch {
    // not readable: every read is asked for
    return new Map();
  }
}
