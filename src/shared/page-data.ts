import type { PostedFormAnswer } from './form-answer.ts';
import type { DirectoryEntry, Plan } from './member-schemas.ts';
import type { Event, News, Partner } from './schemas.ts';

/**
 * What the server hands the web app's server bundle to render a page: the lists, and the draw for
 * random choices. The server reads it from its repositories; the bundle puts it in the page.
 */
export interface PageData {
  events: Event[];
  news: News[];
  partners: Partner[];
  /** The plans with their fees (/Membresias) and the members' directory (/Socias), for those pages. */
  membership?: { plans?: Plan[]; directory?: DirectoryEntry[] };
  /** In [0, 1): the same "random" choice on the server and in the browser, so hydration matches. */
  seed: number;
  /** The answer to a form posted without script (the /Solicitud page only). */
  form?: PostedFormAnswer;
  /**
   * One visitor's own data, for a page rendered for her alone and never kept (a member's page): it
   * travels in the page's initial data, so hydration draws the same page.
   */
  private?: PrivatePageData;
}

/** A private page's data; `kind` says which page's it is, and the page reads only its own kind. */
export interface PrivatePageData {
  kind: string;
}
