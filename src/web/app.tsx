import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { pagePaths } from '../shared/api-paths.ts';
import { SiteLayout } from './layout/site-layout.tsx';
import { SeedProvider } from './lib/seed.tsx';
import { AvisoPrivacidadPage } from './pages/aviso-privacidad/aviso-privacidad-page.tsx';
import { AportacionesPage } from './pages/aportaciones/aportaciones-page.tsx';
import { InicioPage } from './pages/inicio/inicio-page.tsx';
import { MembresiasPage } from './pages/membresias/membresias-page.tsx';
import { SociasPage } from './pages/socias/socias-page.tsx';

export interface AppProps {
  /** Holds the page's lists; the server fills it before rendering, the browser from the server's data. */
  queryClient: QueryClient;
  /** The page load's draw for random choices (see lib/seed.tsx). */
  seed: number;
}

/**
 * The route table of the spec (four pages, plus the privacy notice); the empty path and anything else
 * go to /Inicio. The router comes from outside: BrowserRouter in the browser, StaticRouter on the server.
 */
export function App({ queryClient, seed }: AppProps) {
  useEffect(() => {
    // Marks the moment the page responds to clicks (tests and monitoring read it).
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <SeedProvider seed={seed}>
        <SiteLayout>
          <Routes>
            <Route path={pagePaths.inicio} element={<InicioPage />} />
            <Route path={pagePaths.membresias} element={<MembresiasPage />} />
            <Route path={pagePaths.socias} element={<SociasPage />} />
            <Route path={pagePaths.aportaciones} element={<AportacionesPage />} />
            <Route path={pagePaths.avisoPrivacidad} element={<AvisoPrivacidadPage />} />
            <Route path="*" element={<Navigate to={pagePaths.inicio} replace />} />
          </Routes>
        </SiteLayout>
      </SeedProvider>
    </QueryClientProvider>
  );
}
