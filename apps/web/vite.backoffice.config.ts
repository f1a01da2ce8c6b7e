// The back office: its own build beside the player site's (decision 033). A separate entry and build,
// so that nothing of it reaches the player's first page, and the player build's chunk groups and page
// copies (vite.config.ts) stay the player's alone. Served by the server at /backoffice/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { backofficeSpaFallback, precompress } from './vite.plugins.ts';

export default defineConfig({
  base: '/backoffice/',
  plugins: [
    // the back office's own file routes (src/backoffice/routes), each screen its own chunk as the player site's are
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/backoffice/routes',
      generatedRouteTree: './src/backoffice/routeTree.gen.ts',
    }),
    preact(),
    tailwindcss(),
    backofficeSpaFallback(),
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5174, strictPort: true, proxy: { '/api': process.env.DEV_API_URL ?? 'http://127.0.0.1:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    outDir: 'dist/backoffice',
    emptyOutDir: true,
    rolldownOptions: { input: fileURLToPath(new URL('./backoffice.html', import.meta.url)) },
  },
});
