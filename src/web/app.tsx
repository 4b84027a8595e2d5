import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { pagePaths } from '../shared/api-paths.ts';
import { SiteLayout } from './layout/site-layout.tsx';
import { AportacionesPage } from './pages/aportaciones/aportaciones-page.tsx';
import { InicioPage } from './pages/inicio/inicio-page.tsx';
import { MembresiasPage } from './pages/membresias/membresias-page.tsx';
import { SociasPage } from './pages/socias/socias-page.tsx';

/** The route table of the spec: four pages; the empty path and anything else go to /Inicio. */
export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <SiteLayout>
        <Routes>
          <Route path={pagePaths.inicio} element={<InicioPage />} />
          <Route path={pagePaths.membresias} element={<MembresiasPage />} />
          <Route path={pagePaths.socias} element={<SociasPage />} />
          <Route path={pagePaths.aportaciones} element={<AportacionesPage />} />
          <Route path="*" element={<Navigate to={pagePaths.inicio} replace />} />
        </Routes>
      </SiteLayout>
    </QueryClientProvider>
  );
}
