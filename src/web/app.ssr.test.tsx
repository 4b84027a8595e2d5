// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../shared/api-paths.ts';
import { render } from './entry-server.tsx';

const NO_DATA = { events: [], news: [], partners: [], seed: 0.5 };
let html: Record<string, string> = {};

// The server's own entry: it loads every page's code first, then renders with the page's data.
beforeAll(async () => {
  const paths = [...PAGE_PATHS, '/', '/no-existe'];
  const pages = await Promise.all(paths.map((path) => render(path, NO_DATA, 'https://sitio.example.org')));
  html = Object.fromEntries(paths.map((path, index) => [path, pages[index]!.html]));
});
const renderRoute = (path: string) => html[path]!;

describe('server rendering', () => {
  it.each(PAGE_PATHS)('renders %s to HTML without touching browser globals', (path) => {
    expect(typeof window).toBe('undefined');
    const html = renderRoute(path);
    expect(html).toContain('<main');
    expect(html).toContain('CONÉCTATE AHORA');
    expect(html).toContain('Todos los derechos reservados.');
  });

  it.each(PAGE_PATHS)('gives %s exactly one h1', (path) => {
    expect(renderRoute(path).match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it('renders the home page sections', () => {
    const html = renderRoute('/Inicio');
    for (const id of ['Inicio', 'Mision', 'Eventos', 'Noticias', 'Contacto'])
      expect(html).toContain(`id="${id}"`);
  });

  it('renders the contact form inside the home page', () => {
    expect(renderRoute('/Inicio')).toContain('name="fullName"');
  });

  it('renders the empty path and unknown paths (a redirect) without failing', () => {
    expect(renderRoute('/')).toContain('CONÉCTATE AHORA');
    expect(renderRoute('/no-existe')).toContain('CONÉCTATE AHORA');
  });
});
