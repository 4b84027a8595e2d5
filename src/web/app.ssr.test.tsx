// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, pagePaths } from '../shared/api-paths.ts';
import { App } from './app.tsx';
import { createQueryClient } from './ssr/initial-data.ts';

// The router is the server-side one; the query client starts empty (lists show their loading state).
const renderRoute = (path: string) =>
  renderToString(
    <StaticRouter location={path}>
      <App queryClient={createQueryClient()} seed={0.5} />
    </StaticRouter>,
  );

describe('server rendering', () => {
  it.each(PAGE_PATHS)('renders %s to HTML without touching browser globals', (path) => {
    expect(typeof window).toBe('undefined');
    const html = renderRoute(path);
    expect(html).toContain('<main');
    expect(html).toContain('CONÉCTATE AHORA');
    expect(html).toContain('Todos los derechos reservados.');
  });

  it.each([pagePaths.inicio, pagePaths.membresias, pagePaths.socias, pagePaths.aportaciones])(
    'gives %s exactly one h1',
    (path) => {
      expect(renderRoute(path).match(/<h1[\s>]/g)).toHaveLength(1);
    },
  );

  it('renders the home page sections', () => {
    const html = renderRoute('/Inicio');
    for (const id of ['Inicio', 'Mision', 'Eventos', 'Noticias', 'Contacto'])
      expect(html).toContain(`id="${id}"`);
  });

  it('renders the redirect for the empty path and unknown paths without throwing', () => {
    expect(() => renderRoute('/')).not.toThrow();
    expect(() => renderRoute('/no-existe')).not.toThrow();
  });
});
