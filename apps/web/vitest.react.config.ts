// The same component tests on React 19 (no preact alias), to tell a compat gap from a test mistake:
// npx vitest run -c apps/web/vitest.react.config.ts   (decision 018; the runtime test fails here by design)
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: { include: ['src/test/*.test.tsx'], environment: 'jsdom', setupFiles: ['../../vitest.setup.ts'] },
});
