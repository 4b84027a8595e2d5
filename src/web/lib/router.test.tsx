import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Route,
  Routes,
  StaticRouter,
  hrefOf,
  matchPath,
  useLocation,
  useParams,
} from './router.tsx';

function Where() {
  const { pathname, search, hash, state } = useLocation();
  return <output aria-label="dónde">{`${pathname}${search}${hash} ${JSON.stringify(state)}`}</output>;
}

function Slug() {
  return <p>slug: {useParams().slug}</p>;
}

const where = () => screen.getByLabelText('dónde').textContent;

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('addresses', () => {
  it('match fixed paths without regard to case, and name their parameters', () => {
    expect(matchPath('/Inicio', '/inicio')).toEqual({});
    expect(matchPath('/Inicio', '/Inicio/x')).toBeNull();
    expect(matchPath('/Noticias/:slug', '/Noticias/energ%C3%ADa-solar')).toEqual({ slug: 'energía-solar' });
    expect(matchPath('/Noticias/:slug', '/Noticias/%E0%A4%A')).toBeNull();
    expect(matchPath('*', '/lo-que-sea')).toEqual({});
  });

  it('are written from a string or from their parts, the current page filling a missing path', () => {
    expect(hrefOf('/Membresias#Membresia')).toBe('/Membresias#Membresia');
    expect(hrefOf({ pathname: '/Inicio', hash: 'Eventos' })).toBe('/Inicio#Eventos');
    expect(hrefOf({ hash: '#Noticias' }, '/Inicio')).toBe('/Inicio#Noticias');
    expect(hrefOf({ pathname: '/Socias', search: 'a=1' })).toBe('/Socias?a=1');
  });
});

describe('the browser router', () => {
  it('moves through history on a plain click, with the state the link passes', () => {
    window.history.replaceState(null, '', '/Inicio');
    render(
      <BrowserRouter>
        <Link to={{ pathname: '/Membresias', hash: '#form-members' }} state={{ scrollOffset: 60 }}>
          Membresía
        </Link>
        <Where />
      </BrowserRouter>,
    );
    const link = screen.getByRole('link', { name: 'Membresía' });
    expect(link.getAttribute('href')).toBe('/Membresias#form-members');
    fireEvent.click(link);
    expect(window.location.pathname).toBe('/Membresias');
    expect(where()).toBe('/Membresias#form-members {"scrollOffset":60}');
    expect(window.history.length).toBeGreaterThan(1);
  });

  it('leaves a click with a modifier key, a middle click or another tab to the browser', () => {
    window.history.replaceState(null, '', '/Inicio');
    const onClick = vi.fn();
    render(
      <BrowserRouter>
        <Link to="/Socias">Socias</Link>
        <Link to="/Socias" target="_blank">
          Socias aparte
        </Link>
        <Where />
      </BrowserRouter>,
    );
    document.addEventListener('click', onClick);
    const link = screen.getByRole('link', { name: 'Socias' });
    for (const event of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      fireEvent.click(link, event);
    }
    fireEvent.click(screen.getByRole('link', { name: 'Socias aparte' }));
    document.removeEventListener('click', onClick);
    expect(where()).toBe('/Inicio null');
    // The browser's own default was not prevented.
    expect(onClick.mock.calls.every(([event]) => !(event as MouseEvent).defaultPrevented)).toBe(true);
  });

  it('follows the back button', () => {
    window.history.replaceState(null, '', '/Inicio');
    render(
      <BrowserRouter>
        <Link to="/Aportaciones">Transparencia</Link>
        <Where />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Transparencia' }));
    expect(where()).toBe('/Aportaciones null');
    act(() => {
      window.history.replaceState(null, '', '/Inicio#Eventos');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('/Inicio#Eventos null');
  });

  it('renders the first route that matches, with its parameters, and redirects with Navigate', () => {
    window.history.replaceState(null, '', '/Noticias/nueva-red');
    const routes = (
      <BrowserRouter>
        <Routes>
          <Route path="/Inicio" element={<p>inicio</p>} />
          <Route path="/Noticias/:slug" element={<Slug />} />
          <Route path="*" element={<Navigate to="/Inicio" replace />} />
        </Routes>
      </BrowserRouter>
    );
    const { unmount } = render(routes);
    expect(screen.getByText('slug: nueva-red')).toBeTruthy();
    unmount();

    window.history.replaceState(null, '', '/no-existe');
    const length = window.history.length;
    render(routes);
    expect(screen.getByText('inicio')).toBeTruthy();
    expect(window.location.pathname).toBe('/Inicio');
    expect(window.history.length).toBe(length);
  });
});

describe('navigation links', () => {
  it('say which one is the current page', () => {
    render(
      <StaticRouter location="/Membresias">
        <NavLink to="/Membresias" end className={({ isActive }) => (isActive ? 'activo' : 'inactivo')}>
          Membresía
        </NavLink>
        <NavLink to="/Socias" end className={({ isActive }) => (isActive ? 'activo' : 'inactivo')}>
          Socias
        </NavLink>
      </StaticRouter>,
    );
    const current = screen.getByRole('link', { name: 'Membresía' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.className).toBe('activo');
    const other = screen.getByRole('link', { name: 'Socias' });
    expect(other.getAttribute('aria-current')).toBeNull();
    expect(other.className).toBe('inactivo');
  });

  it('render the same markup on the server, where following them does nothing', () => {
    const onNavigate = vi.fn();
    render(
      <StaticRouter location="/Inicio?x=1#Eventos" onNavigate={onNavigate}>
        <Link to={{ hash: '#Noticias' }}>Noticias</Link>
        <Where />
      </StaticRouter>,
    );
    expect(where()).toBe('/Inicio?x=1#Eventos null');
    fireEvent.click(screen.getByRole('link', { name: 'Noticias' }));
    expect(onNavigate).toHaveBeenCalledWith('/Inicio#Noticias', { replace: undefined, state: undefined });
  });
});
