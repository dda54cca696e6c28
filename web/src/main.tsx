// first: it configures zod for the Content-Security-Policy before any schema is made
import { adoptStyleNonce } from './lib/csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { registerServiceWorker } from './lib/pwa';
import './styles/app.css';
// catches the browser's install offer before /install-app is opened
import './lib/install-prompt';

adoptStyleNonce();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

registerServiceWorker();
