import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from './lib/router.tsx';
import { itemRoutes, newsletterPaths, pagePaths, requestPaths, routeOf } from '../shared/api-paths.ts';
import type { FormAnswer } from '../shared/form-answer.ts';
import { QueryCacheProvider, type QueryCache } from './api/query.tsx';
import { SiteLayout } from './layout/site-layout.tsx';
import { SeedProvider } from './lib/seed.tsx';
import { Spinner } from './components/spinner.tsx';
import { endInitialHydration } from './lib/deferred-hydration.tsx';
import { FormAnswerProvider } from './lib/form-answer.tsx';
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
const SolicitudPage = lazyWithPreload(() =>
  import('./pages/solicitud/solicitud-page.tsx').then((m) => m.SolicitudPage),
);
const SolicitudEnviadaPage = lazyWithPreload(() =>
  import('./pages/solicitud/solicitud-page.tsx').then((m) => m.SolicitudEnviadaPage),
);
// The newsletter's pages share one chunk.
const BoletinPage = lazyWithPreload(() =>
  import('./pages/boletin/boletin-page.tsx').then((m) => m.BoletinPage),
);
const BoletinPendientePage = lazyWithPreload(() =>
  import('./pages/boletin/boletin-page.tsx').then((m) => m.BoletinPendientePage),
);
const BoletinConfirmarPage = lazyWithPreload(() =>
  import('./pages/boletin/boletin-page.tsx').then((m) => m.BoletinConfirmarPage),
);
const BoletinConfirmadaPage = lazyWithPreload(() =>
  import('./pages/boletin/boletin-page.tsx').then((m) => m.BoletinConfirmadaPage),
);
const BoletinBajaPage = lazyWithPreload(() =>
  import('./pages/boletin/boletin-page.tsx').then((m) => m.BoletinBajaPage),
);
const BoletinBajaConfirmadaPage = lazyWithPreload(() =>
  import('./pages/boletin/boletin-page.tsx').then((m) => m.BoletinBajaConfirmadaPage),
);

const pages: Record<string, { load(): Promise<void> }> = {
  [pagePaths.inicio]: InicioPage,
  [pagePaths.membresias]: MembresiasPage,
  [pagePaths.socias]: SociasPage,
  [pagePaths.aportaciones]: AportacionesPage,
  [pagePaths.avisoPrivacidad]: AvisoPrivacidadPage,
  [itemRoutes.news]: NoticiaPage,
  [itemRoutes.event]: EventoPage,
  [requestPaths.send]: SolicitudPage,
  [requestPaths.sent]: SolicitudEnviadaPage,
  [newsletterPaths.subscribe]: BoletinPage,
  [newsletterPaths.pending]: BoletinPendientePage,
  [newsletterPaths.confirm]: BoletinConfirmarPage,
  [newsletterPaths.confirmed]: BoletinConfirmadaPage,
  [newsletterPaths.unsubscribe]: BoletinBajaPage,
  [newsletterPaths.unsubscribed]: BoletinBajaConfirmadaPage,
};

/** Loads the code of the page at `pathname` (before hydrating it, so it hydrates in one pass). */
export function loadPage(pathname: string): Promise<void> {
  return pages[routeOf(pathname)]?.load() ?? Promise.resolve();
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
  formAnswer?: FormAnswer;
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

export function App({ queryCache, seed, formAnswer }: AppProps) {
  return (
    <QueryCacheProvider cache={queryCache}>
      <SeedProvider seed={seed}>
        <FormAnswerProvider answer={formAnswer}>
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
                <Route path={requestPaths.send} element={<SolicitudPage />} />
                <Route path={requestPaths.sent} element={<SolicitudEnviadaPage />} />
                <Route path={newsletterPaths.subscribe} element={<BoletinPage />} />
                <Route path={newsletterPaths.pending} element={<BoletinPendientePage />} />
                <Route path={newsletterPaths.confirm} element={<BoletinConfirmarPage />} />
                <Route path={newsletterPaths.confirmed} element={<BoletinConfirmadaPage />} />
                <Route path={newsletterPaths.unsubscribe} element={<BoletinBajaPage />} />
                <Route path={newsletterPaths.unsubscribed} element={<BoletinBajaConfirmadaPage />} />
                <Route path="*" element={<Navigate to={pagePaths.inicio} replace />} />
              </Routes>
              <HydratedMarker />
            </Suspense>
          </SiteLayout>
        </FormAnswerProvider>
      </SeedProvider>
    </QueryCacheProvider>
  );
}
