import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { deferAppStyles, pageModulePreloads, preloadFonts } from './vite.plugins.ts';

const SHARED = /[\\/](src[\\/](components[\\/]ui|features[\\/][^\\/]+[\\/](api|lib)|lib)[\\/]|node_modules[\\/]@tanstack[\\/])/;
// Radix, zod (with the schemas of @app/contracts), the fingerprint collector and the promotion area
// (three pages and two notices, none on the way to the first page) stay in their own chunks; so does
// the provider field of the money forms, which would bring react-hook-form and Radix's select (with
// floating-ui) into `shared`, and with it onto the first page, which renders no form
const NOT_SHARED =
  /[\\/](dropdown-menu|toast|dialog|select|provider-select-field)\.tsx$|[\\/](register|login-resolver|credit-preview|preview|amount-limits|get-promotion-using)\.ts$|[\\/](fingerprint|promotions)[\\/]/;

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    // Preact (compat) renders the site: react, react-dom and the JSX runtime resolve to preact/compat, for
    // the build, the dev server (with prefresh for HMR) and the web's Vitest tests (docs/decisions/018)
    preact(),
    tailwindcss(),
    preloadFonts(['noto-sans-lao-lao-400-normal.woff2', 'noto-sans-lao-lao-700-normal.woff2']),
    deferAppStyles(),
    pageModulePreloads(
      {
        index: ['_guest.tsx', '_guest/index.tsx'],
        login: ['_guest.tsx', '_guest/login.tsx'],
        register: ['_guest.tsx', '_guest/register.tsx'],
      },
      {
        // each public page, in each language, drawn from the HTML before any script runs (docs/decisions/020)
        entry: 'src/prerender.tsx',
        paths: { index: '/', login: '/login', register: '/register' },
      },
    ),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // everything the first page imports statically in one chunk beside the entry, instead of ~20
          // small shared chunks: on a phone each request costs a round trip (docs/decisions/016)
          groups: [
            { name: 'app', tags: ['$initial'] },
            // the small components, hooks and calls that several pages share, in one chunk instead of a
            // dozen of a few hundred bytes each: a page's code arrives in one round of requests
            { name: 'shared', test: (id) => SHARED.test(id) && !NOT_SHARED.test(id) },
          ],
        },
      },
    },
  },
});
