/**
 * The pages of the site's catch-all route (pages/other/other-pages.tsx). The footer's chunk carries
 * this loader, so the site's first load only imports it.
 */
export const loadOtherPages = () => import('./other-pages.tsx').then((m) => m.OtherPages);
