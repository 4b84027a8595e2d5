import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { itemPaths, type Resource } from '../../shared/api-paths.ts';
import { messages } from '../../shared/messages.ts';
import { EventSchema, NewsSchema, type Publication } from '../../shared/schemas.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import { InvalidInputError } from '../domain-errors.ts';
import { sanitizeNewsHtml } from '../lib/sanitize.ts';
import { eventsRepository, type EventValues } from './events.repository.ts';
import { newsRepository, type NewsValues } from './news.repository.ts';
import { partnersRepository } from './partners.repository.ts';
import { previewBanner, publicationColumns, publicationOf, type PublicationInput } from './publication.ts';
import { firstFreeSlug, slugify } from './slug.ts';
import type { PublicationColumns, StoredEntry, TableRepository } from './table-repository.ts';

/**
 * What the routes, the pages and the seed ask of a kind of content. `now` (default: the system's time)
 * decides what is public: visitors' reads give only what is, the writes date a publication.
 */
export interface ContentStore<Input, Entity, AdminEntry = Entity> {
  list(db: Kysely<Database>, now?: Date): Promise<Entity[]>;
  get(db: Kysely<Database>, id: string, now?: Date): Promise<Entity | undefined>;
  getBySlug(db: Kysely<Database>, slug: string, now?: Date): Promise<Entity | undefined>;
  /** The admin's reads: every entry, with its state when its kind has one. */
  listAll(db: Kysely<Database>, now?: Date): Promise<AdminEntry[]>;
  getAny(db: Kysely<Database>, id: string, now?: Date): Promise<AdminEntry | undefined>;
  /** The writes answer the entry as the admin reads it. */
  create(db: Kysely<Database>, input: Input, now?: Date): Promise<AdminEntry>;
  update(db: Kysely<Database>, id: string, input: Input, now?: Date): Promise<AdminEntry | undefined>;
  remove(db: Kysely<Database>, id: string): Promise<boolean>;
}

interface ContentKind<Input, Entity> {
  table: TableRepository<Input, Entity>;
  /** Events and news: the state an input asks for; visitors then read only what is public. */
  publication?: (input: Input) => PublicationInput;
  /**
   * Events and news: the slug is made from the name when an entry is created (`fallback` when the
   * name has no letters or digits), made unique, and never changed afterwards, so a shared address
   * keeps working after a rename.
   */
  slug?: { from: (input: Input) => string; fallback: string };
  /** The input as it is stored. */
  prepare?: (input: Input) => Input;
}

/** Tries a write a few times when another writer took the slug it chose at the same moment. */
const SLUG_ATTEMPTS = 5;

function contentStore<Input, Entity>(
  kind: ContentKind<Input, Entity> & Required<Pick<ContentKind<Input, Entity>, 'publication'>>,
): ContentStore<Input, Entity, Entity & Publication>;
function contentStore<Input, Entity>(
  kind: Pick<ContentKind<Input, Entity>, 'table'>,
): ContentStore<Input, Entity>;
function contentStore<Input, Entity>(
  kind: ContentKind<Input, Entity>,
): ContentStore<Input, Entity, Entity | (Entity & Publication)> {
  const { table, publication, slug } = kind;
  const prepare = kind.prepare ?? ((input: Input) => input);
  // A kind without a publication is public as soon as it is stored.
  const publicAt = (now: Date) => (publication ? now.toISOString() : undefined);
  const asAdmin = ({ entity, state }: StoredEntry<Entity>, now: Date): Entity & Publication => ({
    ...entity,
    ...publicationOf(state, now.toISOString()),
  });
  const getAny = async (db: Kysely<Database>, id: string, now = new Date()): Promise<Entity | undefined> => {
    if (!publication) return table.find(db, id);
    const stored = await table.findWithState(db, id);
    return stored && asAdmin(stored, now);
  };
  /** A write's own transaction, or the caller's when it runs in one (the seed's). */
  const inTransaction = <T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);

  return {
    list: (db, now = new Date()) => table.list(db, publicAt(now)),
    get: (db, id, now = new Date()) => table.find(db, id, publicAt(now)),
    getBySlug: (db, key, now = new Date()) => table.findBySlug(db, key, publicAt(now)),
    async listAll(db, now = new Date()) {
      if (!publication) return table.list(db);
      return (await table.listWithState(db)).map((stored) => asAdmin(stored, now));
    },
    getAny,
    async create(db, input, now = new Date()) {
      const values = prepare(input);
      const at = now.toISOString();
      const columns = {
        id: randomUUID(),
        created_at: at,
        updated_at: at,
        ...(publication ? publicationColumns(publication(values), undefined, now) : {}),
      };
      const base = slug && slugify(slug.from(values), slug.fallback);
      const insert = async (trx: Kysely<Database>) => {
        const free = base && firstFreeSlug(base, await table.slugsLike(trx, base));
        const entity = await table.insert(trx, values, free ? { ...columns, slug: free } : columns);
        return publication ? (await getAny(trx, columns.id, now))! : entity;
      };
      for (let attempt = 1; ; attempt++) {
        try {
          return await inTransaction(db, insert);
        } catch (error) {
          // Two writers took the same free slug at once: the loser looks again. Inside the caller's
          // transaction the failed insert has aborted it (PostgreSQL), so the error goes up instead.
          if (!base || db.isTransaction || attempt >= SLUG_ATTEMPTS || !isUniqueViolation(error)) throw error;
        }
      }
    },
    async update(db, id, input, now = new Date()) {
      const values = prepare(input);
      return inTransaction(db, async (trx) => {
        let state: Partial<PublicationColumns> = {};
        if (publication) {
          const previous = await table.findWithState(trx, id);
          if (!previous) return undefined;
          state = publicationColumns(publication(values), previous.state, now);
        }
        const updated = await table.update(trx, id, values, { ...state, updated_at: now.toISOString() });
        return updated ? getAny(trx, id, now) : undefined;
      });
    },
    remove: (db, id) => table.remove(db, id),
  };
}

/** Without a state, an entry is published. */
const asked = (input: { status?: PublicationInput['status']; publishAt?: string | null }) => ({
  status: input.status ?? 'published',
  publishAt: input.publishAt,
});

export const eventsContent = contentStore({
  table: eventsRepository,
  publication: (input: EventValues) => asked(input),
  slug: { from: (input) => input.name, fallback: 'evento' },
});

/** News descriptions are HTML: sanitised on every write. */
export const newsContent = contentStore({
  table: newsRepository,
  publication: (input: NewsValues) => asked(input),
  slug: { from: (input) => input.name, fallback: 'noticia' },
  prepare: (input) => {
    const description = sanitizeNewsHtml(input.description);
    // Markup that is nothing but what sanitising removes (a lone <script>) would store an empty text.
    if (!description) throw new InvalidInputError({ description: messages.required });
    return { ...input, description };
  },
});

export const partnersContent = contentStore({ table: partnersRepository });

/**
 * The admin's writes of one kind: each, once stored, is published as a content change, so every cache
 * here and on the other instances drops what it made before.
 */
export function adminWrites<Input, Entity>(
  app: FastifyInstance,
  resource: Resource,
  store: ContentStore<Input, Entity>,
  now: () => Date,
) {
  const changed = <T>(outcome: T) => {
    if (outcome) app.contentChanges.publish(resource);
    return outcome;
  };
  return {
    create: async (input: Input) => changed(await store.create(app.db, input, now())),
    update: async (id: string, input: Input) => changed(await store.update(app.db, id, input, now())),
    remove: async (id: string) => changed((await store.remove(app.db, id)) ? { id } : undefined),
  };
}

/** What every page is drawn with: the content public at `at`. */
export async function publicContent(db: Kysely<Database>, at: Date) {
  const [events, news, partners] = await Promise.all([
    eventsContent.list(db, at),
    newsContent.list(db, at),
    partnersContent.list(db, at),
  ]);
  return { events, news, partners };
}

/** The public content with one entry put in its place (or added), as if it were public. */
function withEntry<T extends { id: string }>(list: T[], entry: T, order: (a: T, b: T) => number): T[] {
  const others = list.filter((item) => item.id !== entry.id);
  return list.length === others.length
    ? [...others, entry].sort(order)
    : list.map((item) => (item.id === entry.id ? entry : item));
}

/**
 * An entry's page as visitors will see it once public (decision 034): its path, the site's content
 * with the entry in its place, and the banner that says whether it is public yet. Undefined for an
 * unknown entry.
 */
export async function entryPreview(db: Kysely<Database>, kind: 'events' | 'news', id: string, at: Date) {
  if (kind === 'events') {
    const found = await eventsContent.getAny(db, id, at);
    if (!found) return undefined;
    const event = EventSchema.parse(found);
    const content = await publicContent(db, at);
    const events = withEntry(content.events, event, (a, b) => a.eventDate.localeCompare(b.eventDate));
    return {
      path: itemPaths.event(event.slug),
      content: { ...content, events },
      banner: previewBanner(found),
    };
  }
  const found = await newsContent.getAny(db, id, at);
  if (!found) return undefined;
  // Dated as it would be if it were published now, unless it has its date already.
  const item = NewsSchema.parse({ ...found, publishedAt: found.publishedAt ?? at.toISOString() });
  const content = await publicContent(db, at);
  const news = withEntry(content.news, item, (a, b) =>
    (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''),
  );
  return { path: itemPaths.news(item.slug), content: { ...content, news }, banner: previewBanner(found) };
}
