import type { PostedFormAnswer } from './form-answer.ts';
import type { Event, News, Partner } from './schemas.ts';

/**
 * What the server hands the web app's server bundle to render a page: the lists, and the draw for
 * random choices. The server reads it from its repositories; the bundle puts it in the page.
 */
export interface PageData {
  events: Event[];
  news: News[];
  partners: Partner[];
  /** In [0, 1): the same "random" choice on the server and in the browser, so hydration matches. */
  seed: number;
  /** The answer to a form posted without script (the /Solicitud page only). */
  form?: PostedFormAnswer;
}
