import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { pagePaths } from '../shared/api-paths.ts';

/** The route table of the spec: four pages; the empty path and anything else go to /Inicio. */
export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path={pagePaths.inicio} element={<Placeholder title="Inicio" />} />
        <Route path={pagePaths.membresias} element={<Placeholder title="Membresías" />} />
        <Route path={pagePaths.socias} element={<Placeholder title="Socias" />} />
        <Route path={pagePaths.aportaciones} element={<Placeholder title="Aportaciones" />} />
        <Route path="*" element={<Navigate to={pagePaths.inicio} replace />} />
      </Routes>
    </QueryClientProvider>
  );
}

function Placeholder({ title }: { title: string }) {
  return (
    <main>
      <h1>{title}</h1>
    </main>
  );
}
