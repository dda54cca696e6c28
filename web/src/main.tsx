// first: it configures zod for the Content-Security-Policy before any schema is made
import { adoptStyleNonce } from './lib/csp';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
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
const router = createRouter();

// the first render as a transition: React renders it in slices of a few milliseconds, so a slow
// phone's main thread is never held for the whole tree at once (no long task to block a first tap)
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  ),
);

registerServiceWorker();
