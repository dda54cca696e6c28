import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/dev/outbox': 'http://localhost:3000',
    },
  },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 300 },
});
