/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server (apps/server) serves `dist` and owns /api, /auth and /health on the same origin; in development
// Vite proxies them so the browser still talks to one origin (DESIGN.md "one origin").
const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      // Server-Sent Events (GET /api/events) pass through http-proxy unbuffered; the server sends
      // `Cache-Control: no-cache`, so nothing in between holds the stream back.
      '/api': { target: backend, changeOrigin: true },
      '/auth': { target: backend, changeOrigin: true },
      '/health': { target: backend, changeOrigin: true },
      // The directory API lives under /directory/…; /directory itself is the My Providers screen.
      '/directory/': { target: backend, changeOrigin: true },
      '/feedback': { target: backend, changeOrigin: true },
      '/match_referral': { target: backend, changeOrigin: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
