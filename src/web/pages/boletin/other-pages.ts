/**
 * The pages of the site's catch-all route: the newsletter's, chosen by the address (any other address
 * goes back to Inicio). The footer's chunk carries this loader, so the site's first load only imports it.
 */
export const loadOtherPages = () => import('./boletin-page.tsx').then((m) => m.BoletinPages);
