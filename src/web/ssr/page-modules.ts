import { pagePaths } from '../../shared/api-paths.ts';

/**
 * The source module of each page, relative to the web root, as the build manifest names it. The server
 * preloads the page's chunks from it; app.tsx imports the same files.
 */
export const pageModules: Record<string, string> = {
  [pagePaths.inicio]: 'pages/inicio/inicio-page.tsx',
  [pagePaths.membresias]: 'pages/membresias/membresias-page.tsx',
  [pagePaths.socias]: 'pages/socias/socias-page.tsx',
  [pagePaths.aportaciones]: 'pages/aportaciones/aportaciones-page.tsx',
  [pagePaths.avisoPrivacidad]: 'pages/aviso-privacidad/aviso-privacidad-page.tsx',
};
