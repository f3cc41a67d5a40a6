import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In development the API runs separately (npm run dev): proxy it, and the admin console.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:3001';
const adminOrigin = process.env.ADMIN_ORIGIN ?? 'http://localhost:3002';

export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@local-creators/common': fileURLToPath(new URL('../common/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/storage': apiOrigin,
      '/sitemap.xml': apiOrigin,
      '/admin': { target: adminOrigin, ws: true },
    },
  },
  // The server's renderer (`vite build --ssr src/entry-server.tsx`) bundles everything it uses, so
  // the API's image needs none of the site's packages, and React's production build only.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // The manifest tells the server which chunks a page needs, so it can preload them (issue 12).
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // The server's renderer as CommonJS: the API requires it (any Node, and Jest on Node 22 too).
    // It is one file by design, so the views app.tsx loads on demand in the browser are bundled
    // in: the bundler's INEFFECTIVE_DYNAMIC_IMPORT warning (one per view, issue 25) says only that.
    rollupOptions: isSsrBuild
      ? {
          output: { format: 'cjs', entryFileNames: '[name].cjs' },
          onwarn(warning, warn) {
            if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
          },
        }
      : {},
  },
}));
