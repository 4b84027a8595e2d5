/**
 * The query cache's keys for the public lists. The server fills them before rendering and the browser
 * from the page's data (ssr/initial-data.ts); the features read them (features/…/get-*.ts).
 */
export const queryKeys = {
  events: ['events', 'list'],
  news: ['news', 'list'],
  partners: ['partners', 'list'],
} as const;
