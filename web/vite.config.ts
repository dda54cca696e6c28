import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { CSP_NONCE_PLACEHOLDER } from '../core/src/constants/csp';
import { routePreloads } from './scripts/route-preloads';
import { ROUTE_DATA } from './src/app/route-data';
import { API_BASE } from './src/lib/api-base';

/**
 * React Router's package exports point at its development build for every condition, production
 * included (remix-run/react-router#12532, #14102): dev warnings on and their checks run on every
 * navigation. A build takes its production files, which the package ships beside them.
 */
const reactRouterProduction = (command: 'build' | 'serve') =>
  command === 'build'
    ? ['react-router', 'react-router/dom'].map((name) => ({
        find: new RegExp(`^${name}$`),
        replacement: fileURLToPath(import.meta.resolve(name).replace('/development/', '/production/')),
      }))
    : [];

export default defineConfig(({ command }) => ({
  resolve: { alias: reactRouterProduction(command) },
  plugins: [
    react(),
    tailwindcss(),
    routePreloads({
      router: 'src/app/router.tsx',
      // the signed-in shell AppLayout loads on demand (src/app/layout/AppLayout.tsx)
      signedInShell: [
        'src/app/layout/Header.tsx',
        'src/app/layout/BottomNav.tsx',
        'src/app/layout/WhosNearStrip.tsx',
        'src/features/messages/RealtimeBridge.tsx',
      ],
      data: Object.fromEntries(Object.entries(ROUTE_DATA).map(([page, reads]) => [page, reads.map((read) => `${API_BASE}${read}`)])),
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/dev/outbox': 'http://localhost:3000',
    },
  },
  // every tag Vite writes into index.html, and <meta property="csp-nonce">, carries this placeholder;
  // the server replaces it with a fresh nonce for each page it serves (server/src/static.ts)
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  // the manifest (dist/.vite/manifest.json) tells which chunks each route loads: .size-limit.js reads it
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 300,
    manifest: true,
    rolldownOptions: {
      // A phone on 4G pays a round trip for each file (and Lighthouse's phone opens six connections at
      // most), so a page is a few files, not fifty:
      // - 'app': what the entry needs, the sign-in page with it;
      // - 'shell': the signed-in chrome and the live connection (one file, not six: every signed-in
      //   page loads all of them at once);
      // - 'kit' and 'icons': what several pages share, the components, hooks and constants in one file.
      //   Of core, only zod-free modules: evaluating zod schemas was most of the kit's start-up on a
      //   phone. The entry, shell and kit import constants only (core/src/constants, realtime/protocol)
      //   and a schema when it is used (the live connection's as its socket opens, a dialog's as it
      //   opens, the sign-in form's as the member starts on it); the pages' schemas go with the pages.
      // - 'schemas': zod and the schemas every other one starts from, one file for whatever needs them
      //   (zod's config, set by the entry before any schema is made, stays in the entry).
      // Grouped, never copied into each page: a module with state (the toasts, the live
      // connection's stores) must exist once. The entry and the app group go first (priority 2), the
      // shared groups next, and the shell takes what is left of its own files.
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              name: 'shell',
              test: /web[\\/]src[\\/](app[\\/]layout[\\/](Header|BottomNav|WhosNearStrip)|features[\\/]messages[\\/](RealtimeBridge|live-state|outbox))/,
            },
            { name: 'icons', test: /node_modules[\\/]lucide-react/, minShareCount: 2, priority: 1 },
            {
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]|core[\\/]src[\\/]schemas[\\/](text|id)\.schema/,
              minShareCount: 2,
              priority: 1,
            },
            {
              name: 'kit',
              test: /web[\\/]src[\\/](components|lib|app)[\\/]|node_modules[\\/]@radix-ui|core[\\/]src[\\/]((constants|geo|time|passwords)[\\/]|realtime[\\/]protocol)/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
