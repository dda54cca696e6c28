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
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 300, manifest: true },
});
