import { pagePaths } from '../../shared/api-paths.ts';

/** Where the layout's links point. Section ids are the spec's. */
export const navTargets = {
  inicio: pagePaths.inicio,
  membresias: pagePaths.membresias,
  socias: pagePaths.socias,
  aportaciones: pagePaths.aportaciones,
  eventos: { pathname: pagePaths.inicio, hash: '#Eventos' },
  noticias: { pathname: pagePaths.inicio, hash: '#Noticias' },
  membresiaSection: { pathname: pagePaths.membresias, hash: '#Membresia' },
} as const;

export const NEW_TAB_HINT = '(se abre en una pestaña nueva)';
