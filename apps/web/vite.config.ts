/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const apiTarget = process.env.VERACITY_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    // The dashboard's API and the collection endpoints (the snippet points at this origin) go to the server.
    proxy: Object.fromEntries(
      ['/api', '/c/', '/s2s/'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900 },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // A test that types into a form or walks through a screen renders React many times over: about a
    // second on an idle machine, several on a busy one. The limit catches a test that hangs, not a slow
    // machine (Testing Library's waits, src/test-setup.ts, give up earlier and say why).
    testTimeout: 60_000,
    css: { include: [/tokens\.css/], modules: { classNameStrategy: 'non-scoped' } },
  },
});
