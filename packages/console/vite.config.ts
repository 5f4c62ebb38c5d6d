import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served by the platform at /console (gateway/src/edge/plugins/use-console.ts):
// hashed files under /console/assets/ (cached immutable), index.html for every other path.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The page's Content-Security-Policy allows no inline script or data: module: everything is a file.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
  },
});
