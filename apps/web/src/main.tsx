import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './lib/router';
import { i18n } from './lib/i18n';
import { installChunkReload } from './lib/chunk-reload';
import { appStylesReady } from './lib/app-styles';
import './index.css';

installChunkReload();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = createRoot(document.getElementById('root')!);
// The router first resolves the page (agency, guards, the route's chunk), then the whole page renders
// once: no shell first and a re-render with the page. The HTML's spinner shows until then. (On Preact,
// decision 018, the transition runs at once: it is one task; on React it would yield every few ms.)
void Promise.all([router.load(), appStylesReady()]).finally(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>,
    ),
  ),
);
