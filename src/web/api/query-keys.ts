/**
 * The query cache's keys for the public lists. The server fills them before rendering and the browser
 * from the page's data (ssr/initial-data.ts); the features read them (features/…/get-*.ts). Each starts
 * with the resource the API serves the list under, which `listQuery` (api/client.ts) asks for.
 */
export const queryKeys = {
  events: ['events', 'list'],
  news: ['news', 'list'],
  partners: ['partners', 'list'],
} as const;
