import {
  Children,
  createContext,
  isValidElement,
  use,
  useEffect,
  useState,
  type ComponentPropsWithRef,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { isPlainClick } from './plain-click.ts';

/**
 * The public site's router: a handful of fixed paths, links that move through history without a
 * reload, and the current address for the parts that depend on it. The admin keeps React Router
 * (react-admin is built on it); the public site needs far less, and every byte here is in the first load
 * of every page (docs/decisions/016-own-router-and-inline-css-for-the-public-site.md).
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the link that led here passed along (kept in the history entry). */
  state: unknown;
  /** New for every navigation, even to the same address. */
  key: string;
}

/** An address: a string, or its parts (a missing pathname means the current page). */
export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface RouterValue {
  location: Location;
  navigate(to: To, options?: NavigateOptions): void;
}

const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

function useRouter(): RouterValue {
  const router = use(RouterContext);
  if (!router) throw new Error('Este componente necesita un enrutador alrededor.');
  return router;
}

/** Splits an address into its parts; `base` fills a missing pathname. */
export function parseTo(to: To, base = '/'): Pick<Location, 'pathname' | 'search' | 'hash'> {
  if (typeof to !== 'string') {
    const part = (value: string | undefined, mark: string) =>
      !value || value === mark ? '' : value.startsWith(mark) ? value : `${mark}${value}`;
    return { pathname: to.pathname || base, search: part(to.search, '?'), hash: part(to.hash, '#') };
  }
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const rest = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const searchAt = rest.indexOf('?');
  const search = searchAt >= 0 ? rest.slice(searchAt) : '';
  const pathname = (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || base;
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

export function hrefOf(to: To, base?: string): string {
  const { pathname, search, hash } = parseTo(to, base);
  return `${pathname}${search}${hash}`;
}

let keys = 0;
const newKey = () => `${Date.now().toString(36)}-${(keys++).toString(36)}`;

interface HistoryEntry {
  usr: unknown;
  key: string;
}

function readBrowserLocation(): Location {
  const entry = window.history.state as Partial<HistoryEntry> | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/** The browser's address and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readBrowserLocation);

  useEffect(() => {
    const onPop = () => setLocation(readBrowserLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const [navigate] = useState(() => (to: To, options: NavigateOptions = {}) => {
    const next = parseTo(to, window.location.pathname);
    const entry: HistoryEntry = { usr: options.state ?? null, key: newKey() };
    const href = `${next.pathname}${next.search}${next.hash}`;
    if (options.replace) window.history.replaceState(entry, '', href);
    else window.history.pushState(entry, '', href);
    setLocation({ ...next, state: entry.usr, key: entry.key });
  });

  return <RouterContext value={{ location, navigate }}>{children}</RouterContext>;
}

/**
 * A router at a fixed address: the server renders each page with it. Navigation there does nothing
 * (the server answers redirects itself); in tests `onNavigate` may watch it.
 */
export function StaticRouter({
  location,
  children,
  onNavigate,
}: {
  location: string;
  children: ReactNode;
  onNavigate?: (href: string, options: NavigateOptions) => void;
}) {
  const value: RouterValue = {
    location: { ...parseTo(location), state: null, key: 'default' },
    navigate: (to, options = {}) => onNavigate?.(hrefOf(to, parseTo(location).pathname), options),
  };
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** A router whose history lives in memory: for components tested outside a browser page. */
export function MemoryRouter({
  initialEntry = '/',
  children,
}: {
  initialEntry?: string;
  children: ReactNode;
}) {
  const [location, setLocation] = useState<Location>(() => ({
    ...parseTo(initialEntry),
    state: null,
    key: 'default',
  }));
  const navigate = (to: To, options: NavigateOptions = {}) =>
    setLocation((current) => ({
      ...parseTo(to, current.pathname),
      state: options.state ?? null,
      key: newKey(),
    }));
  return <RouterContext value={{ location, navigate }}>{children}</RouterContext>;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** The values of the current route's `:name` segments. */
export function useParams(): Readonly<Record<string, string>> {
  return use(ParamsContext);
}

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/**
 * A link inside the site. A plain click moves through history without reloading; a click with a
 * modifier key, a middle click or a link to another tab is left to the browser.
 */
export function Link({ to, replace, state, onClick, target, children, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = hrefOf(to, location.pathname);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event) || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return (
    <a {...rest} href={href} target={target} onClick={follow}>
      {children}
    </a>
  );
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on this exact path, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A link that knows when it points at the current page: it says so to assistive technology. */
export function NavLink({ end, className, ...rest }: NavLinkProps) {
  const { location } = useRouter();
  const target = parseTo(rest.to, location.pathname).pathname.replace(/\/+$/, '') || '/';
  const current = location.pathname.replace(/\/+$/, '') || '/';
  const isActive =
    samePath(current, target) ||
    (!end && current.toLowerCase().startsWith(`${target.toLowerCase().replace(/\/$/, '')}/`));
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** Goes to `to` as soon as it is rendered in the browser. */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const { navigate } = useRouter();
  const href = typeof to === 'string' ? to : hrefOf(to);
  useEffect(() => {
    navigate(href, { replace, state });
  }, [navigate, href, replace, state]);
  return null;
}

export interface RouteProps {
  /** `/Noticias/:slug`, a fixed path, or `*` for anything. Matched without regard to case. */
  path: string;
  element: ReactNode;
}

/** One entry of <Routes>; it renders nothing by itself. */
export function Route(_props: RouteProps): ReactNode {
  return null;
}

/** The params of `pattern` matched against `pathname`, or null when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/** Renders the first <Route> whose path matches the current address. */
export function Routes({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child) || child.type !== Route) continue;
    const { path, element } = (child as ReactElement<RouteProps>).props;
    const params = matchPath(path, location.pathname);
    if (params) return <ParamsContext value={params}>{element}</ParamsContext>;
  }
  return null;
}
