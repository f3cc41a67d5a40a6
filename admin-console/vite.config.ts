import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` (scripts/start.mjs) passes API_ORIGIN; alone, the console talks to `npm start` on :3000.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { alias: { '@local-creators/common': fileURLToPath(new URL('../common/src/index.ts', import.meta.url)) } },
  server: { proxy: { '/api': apiOrigin, '/storage': apiOrigin } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2500 },
});
