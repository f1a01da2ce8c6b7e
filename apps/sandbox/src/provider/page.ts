import type { CatalogueGame } from './catalogue.js';
import { htmlLang, wordsFor } from './i18n.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Scripts and styles come from files only: the page's CSP forbids anything inline. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

const STAKES = ['1.00', '5.00', '10.00', '50.00', '100.00'];

function head(language: string, title: string): string {
  return (
    `<!doctype html><html lang="${htmlLang(language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,">` +
    `<link rel="stylesheet" href="/providers/_static/game.css"><script src="/providers/_static/game.js" defer></script></head>`
  );
}

function slotTable(): string {
  return `<div class="reels" aria-live="polite">${'<div class="reel" data-reel>7</div>'.repeat(3)}</div>`;
}

function baccaratTable(w: ReturnType<typeof wordsFor>): string {
  const hand = (side: 'player' | 'banker', label: string) =>
    `<div class="hand hand--${side}"><h2>${escapeHtml(label)} <span class="points" id="${side}-points"></span></h2>` +
    `<div class="cards" id="${side}-cards"></div></div>`;
  const side = (value: string, label: string, checked: boolean) =>
    `<label class="side side--${value.toLowerCase()}"><input type="radio" name="side" value="${value}"${checked ? ' checked' : ''}>${escapeHtml(label)}</label>`;
  return (
    `<div class="hands">${hand('player', w.player)}${hand('banker', w.banker)}</div>` +
    `<fieldset class="sides">${side('PLAYER', w.player, true)}${side('TIE', w.tie, false)}${side('BANKER', w.banker, false)}</fieldset>`
  );
}

export function gamePage(p: {
  providerId: string;
  game: CatalogueGame;
  language: string;
  returnUrl: string;
  betUrl: string;
  balance: string;
}): string {
  const w = wordsFor(p.language);
  const data = {
    kind: p.game.kind,
    'bet-url': p.betUrl,
    't-win': w.win,
    't-lose': w.lose,
    't-push': w.push,
    't-insufficient': w.insufficient,
    't-failed': w.failed,
  };
  const attrs = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`)
    .join('');
  const options = STAKES.map((s) => `<option value="${s}"${s === '10.00' ? ' selected' : ''}>${s}</option>`).join('');
  return (
    `${head(p.language, `${p.game.name} · ${p.providerId}`)}<body>` +
    `<main id="game" class="game game--${p.game.kind}"${attrs}>` +
    `<header class="bar"><a class="back" href="${escapeHtml(p.returnUrl)}">&larr; ${escapeHtml(w.back)}</a>` +
    `<div class="title"><span class="provider">${escapeHtml(p.providerId)}</span><h1>${escapeHtml(p.game.name)}</h1></div>` +
    `<div class="balance">${escapeHtml(w.balance)} <strong id="balance">${escapeHtml(p.balance)}</strong> THB</div></header>` +
    `<section class="table">${p.game.kind === 'slot' ? slotTable() : baccaratTable(w)}</section>` +
    `<form id="bet-form" class="controls"><label>${escapeHtml(w.bet)} <select name="amount">${options}</select> THB</label>` +
    `<button type="submit">${escapeHtml(p.game.kind === 'slot' ? w.spin : w.deal)}</button></form>` +
    `<p id="message" class="message" role="status"></p></main></body></html>`
  );
}

export function gonePage(language: string, returnUrl: string | null): string {
  const w = wordsFor(language);
  const back = returnUrl ? `<p><a class="back" href="${escapeHtml(returnUrl)}">&larr; ${escapeHtml(w.back)}</a></p>` : '';
  return `${head(language, w.gone)}<body><main class="game gone"><p class="message">${escapeHtml(w.gone)}</p>${back}</main></body></html>`;
}
