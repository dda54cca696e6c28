import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { CSP_NONCE_PLACEHOLDER } from '../core/src/constants/csp';
import { routePreloads } from './scripts/route-preloads';

export default defineConfig({
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
      // A phone on 4G pays a round trip for each file, so a page is a few files, not fifty: what the
      // entry needs is one chunk ('app', the sign-in page with it); what several pages share is
      // grouped by kind (icons, schemas, the kit and the signed-in shell), each group a chunk of its
      // own. Grouped, never copied into each page: a module with state (the toasts, the live
      // connection's stores) must exist once.
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'icons', test: /node_modules[\\/]lucide-react/, minShareCount: 2 },
            { name: 'schemas', test: /core[\\/]src[\\/]|node_modules[\\/]zod/, minShareCount: 2 },
            { name: 'ui', test: /web[\\/]src[\\/](components|lib|app)[\\/]|node_modules[\\/]@radix-ui/, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
