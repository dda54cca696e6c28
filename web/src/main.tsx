// first: it configures zod for the Content-Security-Policy before any schema is made
import { adoptStyleNonce } from './lib/csp';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadPage } from './app/router';
import { ErrorBoundary } from './app/errors/ErrorBoundary';
import { RouteError } from './app/errors/RouteError';
import { registerServiceWorker } from './lib/pwa';
import { queryClient } from './lib/query-client';
import { fetchSession, sessionKey } from './lib/session';
import './styles/app.css';
// catches the browser's install offer before /install-app is opened
import './lib/install-prompt';

adoptStyleNonce();
// every page asks who is signed in, but only once its route's chunk has arrived and rendered: asked
// here, the answer comes while that chunk downloads (a signed-in page waits for it before its own data)
void queryClient.prefetchQuery({ queryKey: sessionKey, queryFn: fetchSession });

// the first render as a transition: React renders it in slices of a few milliseconds, so a slow
// phone's main thread is never held for the whole tree at once (no long task to block a first tap).
// It waits for the page's code (preloaded by the page the server sends: server/src/static.ts), so the
// page is drawn in one go; code that fails to arrive (offline) is the page's error to show.
const root = createRoot(document.getElementById('root')!);
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <BrowserRouter>
            {/* the layout's own errors; a page's are its own boundary's (app/layout/AppLayout.tsx) */}
            <ErrorBoundary fallback={(error) => <RouteError error={error} />}>
              <AppRoutes />
            </ErrorBoundary>
          </BrowserRouter>
        </AppProvider>
      </StrictMode>,
    ),
  );
void preloadPage(window.location.pathname).then(render, render);

registerServiceWorker();
