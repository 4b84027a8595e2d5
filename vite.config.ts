import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/web; its production build is served by the Fastify server from dist/web, and
// its server bundle (entry-server.tsx, built with --ssr into dist/ssr) renders the pages' HTML.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
}));
