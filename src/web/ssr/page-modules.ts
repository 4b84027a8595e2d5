import {
  arcoPaths,
  barrierPaths,
  itemRoutes,
  memberPageRoutes,
  pagePaths,
  requestPaths,
} from '../../shared/api-paths.ts';
import { newsletterPaths } from '../../shared/newsletter-paths.ts';
import { registrationPaths } from '../../shared/registration-paths.ts';

/**
 * The source module of each page (by route: `/Noticias/:slug` for every news page), relative to the web root, as the build manifest names it. The server
 * preloads the page's chunks from it; app.tsx imports the same files.
 */
export const pageModules: Record<string, string> = {
  [pagePaths.inicio]: 'pages/inicio/inicio-page.tsx',
  [pagePaths.membresias]: 'pages/membresias/membresias-page.tsx',
  [pagePaths.socias]: 'pages/socias/socias-page.tsx',
  [pagePaths.aportaciones]: 'pages/aportaciones/aportaciones-page.tsx',
  [pagePaths.avisoPrivacidad]: 'pages/aviso-privacidad/aviso-privacidad-page.tsx',
  [pagePaths.derechosArco]: 'pages/derechos-arco/derechos-arco-page.tsx',
  [arcoPaths.received]: 'pages/derechos-arco/derechos-arco-page.tsx',
  [itemRoutes.news]: 'pages/noticia/noticia-page.tsx',
  [itemRoutes.event]: 'pages/evento/evento-page.tsx',
  [requestPaths.send]: 'pages/solicitud/solicitud-page.tsx',
  [requestPaths.sent]: 'pages/solicitud/solicitud-page.tsx',
  [barrierPaths.page]: 'pages/accesibilidad/accesibilidad-page.tsx',
  [barrierPaths.sent]: 'pages/accesibilidad/accesibilidad-page.tsx',
  [newsletterPaths.subscribe]: 'pages/boletin/boletin-page.tsx',
  [newsletterPaths.pending]: 'pages/boletin/boletin-page.tsx',
  [newsletterPaths.confirm]: 'pages/boletin/boletin-page.tsx',
  [newsletterPaths.confirmed]: 'pages/boletin/boletin-page.tsx',
  [newsletterPaths.unsubscribe]: 'pages/boletin/boletin-page.tsx',
  [newsletterPaths.unsubscribed]: 'pages/boletin/boletin-page.tsx',
  [memberPageRoutes.access]: 'pages/socia/socia-page.tsx',
  [memberPageRoutes.page]: 'pages/socia/socia-page.tsx',
  [memberPageRoutes.invitation]: 'pages/socia/socia-page.tsx',
  [registrationPaths.sent]: 'pages/registro/registro-page.tsx',
  [registrationPaths.sendPattern]: 'pages/registro/registro-page.tsx',
  [registrationPaths.managePattern]: 'pages/registro/registro-page.tsx',
  [registrationPaths.checkInPattern]: 'pages/registro/registro-page.tsx',
  '/Constancias/:folio': 'pages/constancia/constancia-page.tsx',
  '/Encuesta/:token': 'pages/encuesta/encuesta-page.tsx',
};
