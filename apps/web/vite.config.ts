import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import {
  chunkModulesFile,
  compileHints,
  deferAppStyles,
  localeLanguage,
  pageModulePreloads,
  precompress,
  type PageSpec,
} from './vite.plugins.ts';

const SHARED =
  /[\\/](src[\\/](components[\\/]ui|features[\\/][^\\/]+[\\/](api|lib)|lib)[\\/]|node_modules[\\/]@tanstack[\\/])|[\\/]contracts[\\/]src[\\/]banks\.ts$/;
// Radix, zod (with the schemas of @app/contracts), the fingerprint collector and the promotion area
// (three pages and two notices, none on the way to the first page) stay in their own chunks; so does
// the provider field of the money forms, which would bring react-hook-form and Radix's select (with
// floating-ui) into `shared`, and with it onto the first page, which renders no form; so do what only
// two pages use: the deposit and withdraw histories' rows (with their lazy details) and the
// deposit's QR image and its call (the deposit page's chunk, `money`; the image drawn when the player
// saves it), the providers' maintenance, read and said on the deposit and game pages only (decision 175),
// and the calls of the credit move, whose dialog loads on demand (decision 176)
const NOT_SHARED =
  /[\\/](dropdown-menu|toast|dialog|select-impl|select-field|provider-select-field|order-history|order-cards|order-details-list|provider-maintenance-notice)\.tsx$|[\\/](register|login-resolver|deposit-resolver|withdraw-resolver|bank-account-resolver|credit-preview|bonus-preview|holding-provider|preview|amount-limits|get-promotion-using|qr-image|get-deposit-qr|provider-maintenance|credit-moves)\.ts$|[\\/](fingerprint|promotions)[\\/]/;

/** The modules the home page's route chunk imports besides the entry's: their own small chunk, not `shared` (docs/decisions/180). */
const HOME = /[\\/]src[\\/]components[\\/]ui[\\/](card|bank-logo)\.tsx$|[\\/]contracts[\\/]src[\\/]banks\.ts$/;

/** A page of the player area: the layout route, the page's route, every namespace, and the reads its loader waits for. */
const player = (route: string, reads?: string[]): PageSpec => ({ routes: ['player.tsx', `player/${route}`], allNamespaces: true, reads });

/** The pages that have their own copy of index.html (pageModulePreloads), and what each loads beside the entry. */
const PAGES: Record<string, string[] | PageSpec> = {
  index: ['_guest.tsx', '_guest/index.tsx'],
  login: ['_guest.tsx', '_guest/login.tsx'],
  register: ['_guest.tsx', '_guest/register.tsx'],
  // the player area, served to a browser with a session (apps/server/src/plugins/web.ts): its pages
  // wait for every namespace (the /player route's beforeLoad), the deposit, withdraw and bank pages for
  // their reads too (their routes' loaders): all of it downloads beside the entry (docs/decisions/076)
  'player/index': player('index.tsx'),
  'player/deposit': player('deposit/index.tsx', ['/api/v2/deposits/open', '/api/v2/players/promotions/using', '/api/v2/currencies']),
  'player/deposit/history': player('deposit/history.tsx'),
  'player/withdraw': player('withdraw/index.tsx', [
    '/api/v2/withdrawals/open',
    '/api/v2/players/promotions/using',
    '/api/v2/players/bank-accounts',
    '/api/v2/currencies',
  ]),
  'player/withdraw/history': player('withdraw/history.tsx'),
  'player/bank': player('bank.tsx', ['/api/v2/players/bank-accounts']),
  // its list's answer too: the server draws the page with it (decision 204)
  'player/promotion': player('promotion/index.tsx', ['/api/v2/promotions']),
  'player/promotion/history': player('promotion/history.tsx'),
};

/** The promotion in use and what it imports from its feature: the promotion pages', and the deposit and withdraw pages' when the player holds one in use. */
const PROMOTION_IN_USE =
  /[\\/]features[\\/]promotions[\\/](api[\\/](keys|mutations)|lib[\\/](use-fresh-turnover|usage-error|status|rule-lines)|components[\\/](cancel-usage-dialog|progress-row|rule-list|usage-status-badge|promotion-in-use))\.tsx?$/;

/**
 * What the withdraw page shares with the deposit page's: the provider field and its maintenance, the amount's
 * bounds, the promotion in use's card drawn from its chunk.
 */
const MONEY_FIELDS =
  /[\\/]src[\\/](components[\\/]ui[\\/]provider-(select-field|maintenance-notice)\.tsx|lib[\\/](amount-limits|api[\\/]provider-maintenance)\.ts|features[\\/]promotions[\\/](components[\\/]promotion-in-use-late\.tsx|lib[\\/]promotion-in-use-chunk\.ts))$/;

/** What every Radix part imports (the toaster's needs, and the Slot): one chunk. */
const RADIX_CORE =
  /[\\/]node_modules[\\/](radix-ui|@radix-ui[\\/](primitive|react-(collection|compose-refs|context|dismissable-layer|portal|presence|primitive|slot|use-[\w-]+|visually-hidden)))[\\/]/;
/** The overlays' machinery and the select and dialog on it; not the menus' and the toast's own packages. */
const RADIX_OVERLAYS =
  /[\\/]node_modules[\\/](@radix-ui[\\/](?!react-(menu|dropdown-menu|roving-focus|toast)[\\/])|@floating-ui|aria-hidden|react-remove-scroll(-bar)?|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|detect-node-es|tslib)[\\/]|[\\/]src[\\/]components[\\/]ui[\\/](select-impl|dialog)\.tsx$/;

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    // Preact (compat) renders the site: react, react-dom and the JSX runtime resolve to preact/compat, for
    // the build, the dev server (with prefresh for HMR) and the web's Vitest tests (docs/decisions/018)
    preact(),
    tailwindcss(),
    // `locales/deposit.json?lang=th`: one language's texts out of a namespace file that holds all four (decision 147)
    localeLanguage(),
    deferAppStyles(),
    compileHints(PAGES),
    chunkModulesFile(),
    pageModulePreloads(PAGES, {
      // each public page, in each language, drawn from the HTML before any script runs (docs/decisions/020)
      entry: 'src/prerender.tsx',
      paths: { index: '/', login: '/login', register: '/register' },
    }),
    // every text file compressed once at build time, the page copies too: the server sends them as they are (decision 202)
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // the libraries' shims of useSyncExternalStore (react-i18next, TanStack's store) go to Preact compat's own,
      // which the shims call at run time anyway: their fallback for React 17 stays out of the entry
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('./src/lib/sync-external-store.ts', import.meta.url)) },
    ],
  },
  // `npm run dev` (scripts/start.mjs --dev) sets where the API and the back office's dev server are, so that
  // both answer on this one origin; `vite` alone expects the server on :3000
  server: {
    proxy: {
      '/api': process.env.DEV_API_URL ?? 'http://127.0.0.1:3000',
      ...(process.env.DEV_BACKOFFICE_URL ? { '/backoffice': { target: process.env.DEV_BACKOFFICE_URL, ws: true } } : {}),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // One stylesheet, not the entry's CSS listed among each lazy chunk's dependencies: it is in force before any
    // chunk loads (inline in a page drawn into its HTML, else applied by app-styles.ts), and Vite's preload helper,
    // finding no <link> of it on a page that has it inline, would add one: a second download and a restyle of the
    // whole page on a slow phone while it is in use (docs/decisions/205, scripts/stylesheet.test.mjs).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // everything the first page imports statically in one chunk beside the entry, instead of ~20
          // small shared chunks: on a phone each request costs a round trip (docs/decisions/016)
          groups: [
            { name: 'app', tags: ['$initial'] },
            // what the home page (`/`) needs beside the entry, a few hundred bytes in a chunk of their own: `/`
            // then loads no `shared` (docs/decisions/180)
            { name: 'home', test: HOME },
            // the footer and the back-to-top button, which the shell loads once the first page is shown: one chunk,
            // one request (docs/decisions/185)
            { name: 'footer', test: /[\\/]src[\\/]components[\\/]layout[\\/](footer|back-to-top)\.tsx$/ },
            // the small components, hooks and calls that several pages share, in one chunk instead of a
            // dozen of a few hundred bytes each: a page's code arrives in one round of requests
            { name: 'shared', test: (id) => SHARED.test(id) && !NOT_SHARED.test(id) },
            // Radix in two chunks instead of nine: what every Radix part needs (the toaster loads only it), then
            // the overlays' machinery (popper with floating-ui, focus scope, scroll lock) with the select and
            // the dialog; the menus and the toast keep their own small chunks (docs/decisions/076)
            { name: 'radix', test: RADIX_CORE },
            { name: 'overlays', test: RADIX_OVERLAYS },
            // react-hook-form stays its own chunk (/login and /register share it with the money forms)
            { name: 'forms', test: /[\\/]node_modules[\\/]react-hook-form[\\/]/ },
            // the select bound to a form field: the bank page's form shares it with the money forms, without `money` (decision 180)
            { name: 'select-field', test: /[\\/]src[\\/]components[\\/]ui[\\/]select-field\.tsx$/ },
            // the contracts' money arithmetic, which the deposit, withdraw and promotion pages all use: before the promotion
            // in use, which would otherwise take `amounts.ts` in as its import, and bring its chunk to every page that computes (decision 194)
            { name: 'amounts', test: /[\\/]contracts[\\/]src[\\/](amounts|convert|promotion-split)\.ts$/ },
            // the promotion in use (its card, rules, progress and cancel button, with their calls), which the
            // promotion pages show: its own chunk, so that the promotion pages load neither `money` nor, through
            // it, react-hook-form and the provider select (decision 156); the deposit and withdraw pages ask for it
            // only when the player holds a promotion in use (decision 194)
            { name: 'promotion-in-use', test: PROMOTION_IN_USE },
            // the money forms' own fields (the provider choice with its maintenance, the amount's bounds): the withdraw
            // page's share of the deposit page's code, without the deposit form, its QR and its result (decision 156)
            { name: 'money-fields', test: MONEY_FIELDS },
            // the deposit page and what it imports beside the chunks above (the provider field, the promotion
            // notices, the amount bounds and previews): one chunk, which the withdraw page shares
            { name: 'money', test: /[\\/]src[\\/]routes[\\/]player[\\/]deposit[\\/]index\.tsx\?tsr-split=component$/ },
          ],
        },
      },
    },
  },
});
