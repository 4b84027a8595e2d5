import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { isolateEntry } from './src/web/admin/isolate-entry-plugin.ts';
import { readAxeRecord } from './scripts/axe-record.ts';

// The web app lives in src/web; its production build is served by the Fastify server from dist/web, and
// its server bundle (entry-server.tsx, built with --ssr into dist/ssr) renders the pages' HTML.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), isolateEntry(fileURLToPath(new URL('./src/web/admin/', import.meta.url)))],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
    // The server reads it to inline the public site's stylesheets and preload each page's script chunks.
    manifest: !isSsrBuild,
    // A page loaded later (a click to another page, a dialog) has its stylesheets fetched with its code,
    // so it never shows unstyled; its scripts' own imports are found as they load. Listing those too
    // would put every chunk's name in the entry, which every first visit downloads.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    // The admin is its own entry: the public pages never load its code.
    rollupOptions: isSsrBuild
      ? undefined
      : {
          input: {
            main: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
            admin: fileURLToPath(new URL('./src/web/admin/index.html', import.meta.url)),
          },
        },
  },
  // The server bundle carries the React it renders with, so a production install needs no browser
  // package at run time (react, react-dom and the icons are build-time dependencies).
  ssr: { noExternal: true },
  define: {
    // …in its production build, whatever NODE_ENV the server runs under: what visitors get.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
    // The last automatic accessibility check, for /Accesibilidad (null: none recorded on this machine).
    __AXE_RECORD__: JSON.stringify(readAxeRecord()),
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
}));
