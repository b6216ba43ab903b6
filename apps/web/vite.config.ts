/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { prerender } from './prerender.ts';

// The server (apps/server) serves `dist` and owns /api, /auth and /health on the same origin; in development
// Vite proxies them so the browser still talks to one origin (DESIGN.md "one origin"). The proxy keeps the
// browser's Host (no changeOrigin): the server accepts a signed-in change only from a page of the host it was
// sent to (its CSRF check compares Origin with Host), and here that page is Vite's.
const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), prerender(), precompress()],
  // The manifest (dist/.vite/manifest.json) names each chunk's source: `npm run bench:web` reads it.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      // Server-Sent Events (GET /api/events) pass through http-proxy unbuffered; the server sends
      // `Cache-Control: no-cache`, so nothing in between holds the stream back.
      '/api': { target: backend },
      '/auth': { target: backend },
      '/health': { target: backend },
      // The directory API lives under /directory/…; /directory itself is the My Providers screen.
      '/directory/': { target: backend },
      '/feedback': { target: backend },
      '/match_referral': { target: backend },
      // Issue #21: the FHIR and HSDS APIs and the token endpoint (the Interop Settings screen reads /fhir/metadata).
      '/fhir/': { target: backend },
      '/hsds/': { target: backend },
      '/oauth/': { target: backend },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
