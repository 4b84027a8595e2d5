import { Suspense, useEffect } from 'react';
import { Route, Routes } from './lib/router.tsx';
import { barrierPaths, itemRoutes, pagePaths, requestPaths, routeOf } from '../shared/api-paths.ts';
import type { PostedFormAnswer } from '../shared/form-answer.ts';
import type { PrivatePageData } from '../shared/page-data.ts';
import { QueryCacheProvider, type QueryCache } from './api/query.tsx';
import { SiteLayout } from './layout/site-layout.tsx';
import { SeedProvider } from './lib/seed.tsx';
import { Spinner } from './components/spinner.tsx';
import { endInitialHydration } from './lib/deferred-hydration.tsx';
import { FormAnswerProvider } from './lib/form-answer.tsx';
import { PrivateDataProvider } from './lib/private-data.tsx';
import { lazyWithPreload } from './lib/lazy-component.tsx';

// Each page is its own chunk: a visitor downloads the code of the page they open, and the rest on demand.
const InicioPage = lazyWithPreload(() => import('./pages/inicio/inicio-page.tsx').then((m) => m.InicioPage));
const MembresiasPage = lazyWithPreload(() =>
  import('./pages/membresias/membresias-page.tsx').then((m) => m.MembresiasPage),
);
const SociasPage = lazyWithPreload(() => import('./pages/socias/socias-page.tsx').then((m) => m.SociasPage));
const AportacionesPage = lazyWithPreload(() =>
  import('./pages/aportaciones/aportaciones-page.tsx').then((m) => m.AportacionesPage),
);
const AvisoPrivacidadPage = lazyWithPreload(() =>
  import('./pages/aviso-privacidad/aviso-privacidad-page.tsx').then((m) => m.AvisoPrivacidadPage),
);
const NoticiaPage = lazyWithPreload(() =>
  import('./pages/noticia/noticia-page.tsx').then((m) => m.NoticiaPage),
);
const EventoPage = lazyWithPreload(() => import('./pages/evento/evento-page.tsx').then((m) => m.EventoPage));
// The accessibility statement and its form (/Accesibilidad, /Accesibilidad/Enviado): one lazy page.
const AccesibilidadPage = lazyWithPreload(() =>
  import('./pages/accesibilidad/accesibilidad-page.tsx').then((m) => m.AccesibilidadPage),
);
// Where a request form posted without script lands (/Solicitud, /SolicitudEnviada): one lazy page.
const SolicitudPages = lazyWithPreload(() =>
  import('./pages/solicitud/solicitud-page.tsx').then((m) => m.SolicitudPages),
);
// Any other address: the ARCO form and its receipt, one of the newsletter's pages (/Boletin…, opened
// by a full load from a mail's link or a form posted without script), a member's own pages (/Socia…),
// or else back to Inicio: one lazy page for the pages a visit rarely starts on.
const OtherPages = lazyWithPreload(() => import('./pages/other/other-pages.tsx').then((m) => m.OtherPages));

const pages: Record<string, { load(): Promise<void> }> = {
  [pagePaths.inicio]: InicioPage,
  [pagePaths.membresias]: MembresiasPage,
  [pagePaths.socias]: SociasPage,
  [pagePaths.aportaciones]: AportacionesPage,
  [pagePaths.avisoPrivacidad]: AvisoPrivacidadPage,
  [itemRoutes.news]: NoticiaPage,
  [itemRoutes.event]: EventoPage,
  [requestPaths.send]: SolicitudPages,
  [requestPaths.sent]: SolicitudPages,
  [barrierPaths.page]: AccesibilidadPage,
  [barrierPaths.sent]: AccesibilidadPage,
};

/** Loads the code of the page at `pathname` (before hydrating it, so it hydrates in one pass). */
export function loadPage(pathname: string): Promise<void> {
  return (pages[routeOf(pathname)] ?? OtherPages).load();
}

/** Loads every page's code. */
export function loadAllPages(): Promise<void> {
  return Promise.all(Object.values(pages).map((page) => page.load())).then(() => undefined);
}

export interface AppProps {
  /** Holds the page's lists; the server fills it before rendering, the browser from the server's data. */
  queryCache: QueryCache;
  /** The page load's draw for random choices (see lib/seed.tsx). */
  seed: number;
  /** The server's answer to a form posted without script (the /Solicitud page). */
  formAnswer?: PostedFormAnswer;
  /** A private page's own data (a member's page), rendered for one visitor. */
  privateData?: PrivatePageData;
}

/**
 * The route table of the spec (four pages, plus the privacy notice); the empty path and anything else
 * go to /Inicio. The router comes from outside: BrowserRouter in the browser, StaticRouter on the server.
 */
/**
 * Marks the moment the page itself (not only the header around it) responds to clicks; React hydrates
 * the page's boundary after the shell. Tests and monitoring read it.
 */
function HydratedMarker() {
  useEffect(() => {
    endInitialHydration();
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export function App({ queryCache, seed, formAnswer, privateData }: AppProps) {
  return (
    <QueryCacheProvider cache={queryCache}>
      <SeedProvider seed={seed}>
        <FormAnswerProvider answer={formAnswer}>
          <PrivateDataProvider data={privateData}>
            <SiteLayout>
              <Suspense fallback={<Spinner label="Cargando la página" />}>
                <Routes>
                  <Route path={pagePaths.inicio} element={<InicioPage />} />
                  <Route path={pagePaths.membresias} element={<MembresiasPage />} />
                  <Route path={pagePaths.socias} element={<SociasPage />} />
                  <Route path={pagePaths.aportaciones} element={<AportacionesPage />} />
                  <Route path={pagePaths.avisoPrivacidad} element={<AvisoPrivacidadPage />} />
                  <Route path={itemRoutes.news} element={<NoticiaPage />} />
                  <Route path={itemRoutes.event} element={<EventoPage />} />
                  <Route path={requestPaths.send} element={<SolicitudPages />} />
                  <Route path={requestPaths.sent} element={<SolicitudPages />} />
                  <Route path={barrierPaths.page} element={<AccesibilidadPage />} />
                  <Route path={barrierPaths.sent} element={<AccesibilidadPage />} />
                  <Route path="*" element={<OtherPages />} />
                </Routes>
                <HydratedMarker />
              </Suspense>
            </SiteLayout>
          </PrivateDataProvider>
        </FormAnswerProvider>
      </SeedProvider>
    </QueryCacheProvider>
  );
}
