import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Insertable, Kysely, RawBuilder, Selectable } from 'kysely';
import type { Publication, PublicationStatus } from '../../shared/schemas.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { firstFreeSlug, slugify } from './slug.ts';

type ContentTable = 'events' | 'news' | 'partners';
type Row<T extends ContentTable> = Selectable<Database[T]>;
/** What a write sets: columns the database fills (counters kept by other domains) may be left out. */
type Columns<T extends ContentTable> = Omit<
  Insertable<Database[T]>,
  'id' | 'slug' | 'created_at' | 'updated_at' | 'status' | 'publish_at' | 'published_at'
>;

/** What an input says of its publication (events and news). */
export interface PublicationInput {
  status: PublicationStatus;
  publishAt?: string | null | undefined;
}

interface TableDefinition<T extends ContentTable, Input, Entity> {
  table: T;
  toEntity: (row: Row<T>) => Entity;
  toColumns: (input: Input) => Columns<T>;
  /** Columns (or expressions) and directions of the list order; `id` is always the last tie-breaker. */
  order: ReadonlyArray<readonly [string | RawBuilder<unknown>, 'asc' | 'desc']>;
  /**
   * For tables with the publication columns (events, news): the state an input asks for. Then `list`,
   * `get` and `getBySlug` answer only what is public at the time given, and the admin's reads
   * (`listAll`, `getAny`) everything, with its state.
   */
  publication?: (input: Input) => PublicationInput;
  /**
   * For tables with a `slug` column: the slug is made from the input's name when a row is created
   * (`fallback` when the name has no letters or digits), made unique, and never changed afterwards,
   * so a shared address keeps working after a rename.
   */
  slug?: { from: (input: Input) => string; fallback: string };
}

/**
 * What the content routes need of a resource's storage. `now` (default: the system's time) decides what
 * is public: the reads give visitors only what is, the writes date a publication.
 */
export interface ContentRepository<Input, Entity> {
  list(db: Kysely<Database>, now?: Date): Promise<Entity[]>;
  get(db: Kysely<Database>, id: string, now?: Date): Promise<Entity | undefined>;
  create(db: Kysely<Database>, input: Input, now?: Date): Promise<Entity>;
  update(db: Kysely<Database>, id: string, input: Input, now?: Date): Promise<Entity | undefined>;
  remove(db: Kysely<Database>, id: string): Promise<boolean>;
  /** Only for tables with a publication: the admin's reads, every entry with its state. */
  listAll?(db: Kysely<Database>, now?: Date): Promise<(Entity & Publication)[]>;
  getAny?(db: Kysely<Database>, id: string, now?: Date): Promise<(Entity & Publication) | undefined>;
}

export interface TableRepository<Input, Entity> extends ContentRepository<Input, Entity> {
  /** The public row with this slug (tables with a `slug` column only). */
  getBySlug(db: Kysely<Database>, slug: string, now?: Date): Promise<Entity | undefined>;
  /** Whether a scheduled entry's time falls in (after, upTo]: it became public then. */
  becamePublic(db: Kysely<Database>, after: Date, upTo: Date): Promise<boolean>;
  /** The next time a scheduled entry becomes public, after `now`; undefined when none is waiting. */
  nextScheduled(db: Kysely<Database>, now: Date): Promise<Date | undefined>;
}

interface PublicationColumns {
  status: PublicationStatus;
  publish_at: string | null;
  published_at: string | null;
}

/** Public at `nowIso`: published, or scheduled for then or before (ISO strings in UTC sort as time). */
export function isPublicAt(row: { status: string; publish_at: string | null }, nowIso: string): boolean {
  return (
    row.status === 'published' ||
    (row.status === 'scheduled' && row.publish_at !== null && row.publish_at <= nowIso)
  );
}

/**
 * The state an admin reads: a scheduled entry whose time has come reads as published (it is), with the
 * time it became public.
 */
export function publicationOf(
  row: { status: string; publish_at: string | null; published_at: string | null },
  nowIso: string,
): Publication {
  const status = row.status as PublicationStatus;
  return {
    status: status === 'scheduled' && isPublicAt(row, nowIso) ? 'published' : status,
    publishAt: status === 'scheduled' ? row.publish_at : null,
    publishedAt: status === 'draft' ? null : row.published_at,
  };
}

/**
 * The publication columns a write stores. A draft has no date. A scheduled entry is dated its time. A
 * published one keeps the date it first became public when it already was (an edit does not move it),
 * else it is public from now.
 */
export function publicationColumns(
  input: PublicationInput,
  previous: { status: string; publish_at: string | null; published_at: string | null } | undefined,
  now: Date,
): PublicationColumns {
  const nowIso = now.toISOString();
  if (input.status === 'draft') return { status: 'draft', publish_at: null, published_at: null };
  if (input.status === 'scheduled') {
    const at = input.publishAt ?? nowIso;
    return { status: 'scheduled', publish_at: at, published_at: at };
  }
  const since = previous && isPublicAt(previous, nowIso) ? previous.published_at : null;
  return { status: 'published', publish_at: null, published_at: since ?? nowIso };
}

// The three content tables share one shape of SQL; Kysely cannot type a query over a table chosen at
// run time, so this one place talks to them through a loosened view of the schema.
type LooseRow = Record<string, unknown> & {
  id: string;
  created_at: string;
  updated_at: string;
  status: string;
  publish_at: string | null;
  published_at: string | null;
};
type LooseDb = Kysely<{ content: LooseRow }>;

/** The SQL of `isPublicAt`. */
const publicAt = (nowIso: string) => (eb: ExpressionBuilder<{ content: LooseRow }, 'content'>) =>
  eb.or([
    eb('status', '=', 'published'),
    eb.and([eb('status', '=', 'scheduled'), eb('publish_at', '<=', nowIso)]),
  ]);

/** All SQL of a content table: list in order, get, create, update and delete by id. */
export function tableRepository<T extends ContentTable, Input, Entity>(
  definition: TableDefinition<T, Input, Entity>,
): TableRepository<Input, Entity> {
  const { toEntity, toColumns, publication } = definition;
  const table = definition.table as unknown as 'content';
  const loose = (db: Kysely<Database>) => db as unknown as LooseDb;
  const entity = (row: Record<string, unknown>) => toEntity(row as unknown as Row<T>);
  const adminEntity = (row: Record<string, unknown>, nowIso: string) => ({
    ...entity(row),
    ...publicationOf(row as LooseRow, nowIso),
  });
  /** The table's rows; visitors' reads (`now` given, on a table with a publication) only the public ones. */
  const rows = (db: Kysely<Database>, now: Date | undefined) => {
    const query = loose(db).selectFrom(table).selectAll();
    return publication && now ? query.where(publicAt(now.toISOString())) : query;
  };
  const ordered = (db: Kysely<Database>, now: Date | undefined) => {
    let query = rows(db, now);
    for (const [column, direction] of definition.order)
      query = query.orderBy(column as keyof LooseRow & string, direction);
    return query.orderBy('id').execute();
  };
  const get = async (db: Kysely<Database>, id: string, now = new Date()) => {
    const row = await rows(db, now).where('id', '=', id).executeTakeFirst();
    return row ? entity(row) : undefined;
  };
  const withPublication = (
    columns: Columns<T>,
    input: Input,
    previous: Record<string, unknown> | undefined,
    now: Date,
  ) =>
    publication
      ? { ...columns, ...publicationColumns(publication(input), previous as LooseRow | undefined, now) }
      : columns;

  /** The free slug for a name: its own, or with the first number that makes it unique. */
  const freeSlug = async (db: Kysely<Database>, base: string) => {
    // Slugs hold only [a-z0-9-], so `base` carries no LIKE wildcard.
    const taken = await loose(db)
      .selectFrom(table)
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute();
    return firstFreeSlug(base, new Set(taken.map((row) => String(row.slug))));
  };

  return {
    async list(db, now = new Date()) {
      return (await ordered(db, now)).map((row) => entity(row));
    },
    get,
    ...(publication
      ? {
          async listAll(db: Kysely<Database>, now = new Date()) {
            const nowIso = now.toISOString();
            return (await ordered(db, undefined)).map((row) => adminEntity(row, nowIso));
          },
          async getAny(db: Kysely<Database>, id: string, now = new Date()) {
            const row = await rows(db, undefined).where('id', '=', id).executeTakeFirst();
            return row ? adminEntity(row, now.toISOString()) : undefined;
          },
        }
      : {}),
    async create(db, input, now = new Date()) {
      const at = now.toISOString();
      const row = {
        id: randomUUID(),
        ...withPublication(toColumns(input), input, undefined, now),
        created_at: at,
        updated_at: at,
      } as unknown as LooseRow;
      const { slug } = definition;
      if (!slug) {
        await loose(db).insertInto(table).values(row).execute();
        return entity(row);
      }
      const base = slugify(slug.from(input), slug.fallback);
      for (let attempt = 1; ; attempt++) {
        row.slug = await freeSlug(db, base);
        try {
          await loose(db).insertInto(table).values(row).execute();
          return entity(row);
        } catch (error) {
          // Two writers took the same free slug at once: the loser looks again. Inside a transaction
          // the failed insert has aborted it (PostgreSQL), so the error goes up instead.
          if (db.isTransaction || attempt >= 5 || !isUniqueViolation(error)) throw error;
        }
      }
    },
    async getBySlug(db, slug, now = new Date()) {
      if (!definition.slug) throw new Error(`${definition.table} has no slugs`);
      const row = await rows(db, now).where('slug', '=', slug).executeTakeFirst();
      return row ? entity(row) : undefined;
    },
    async update(db, id, input, now = new Date()) {
      const previous = publication
        ? await loose(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()
        : undefined;
      if (publication && !previous) return undefined;
      const result = await loose(db)
        .updateTable(table)
        .set({
          ...withPublication(toColumns(input), input, previous, now),
          updated_at: now.toISOString(),
        } as Partial<LooseRow>)
        .where('id', '=', id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return undefined;
      const row = await loose(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
      return row ? entity(row) : undefined;
    },
    async remove(db, id) {
      const result = await loose(db).deleteFrom(table).where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async becamePublic(db, after, upTo) {
      if (!publication) return false;
      const row = await loose(db)
        .selectFrom(table)
        .select('id')
        .where('status', '=', 'scheduled')
        .where('publish_at', '>', after.toISOString())
        .where('publish_at', '<=', upTo.toISOString())
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    async nextScheduled(db, now) {
      if (!publication) return undefined;
      const row = await loose(db)
        .selectFrom(table)
        .select('publish_at')
        .where('status', '=', 'scheduled')
        .where('publish_at', '>', now.toISOString())
        .orderBy('publish_at')
        .limit(1)
        .executeTakeFirst();
      return row?.publish_at ? new Date(row.publish_at) : undefined;
    },
  };
}
