import type { ExpressionBuilder, Insertable, Kysely, RawBuilder, Selectable } from 'kysely';
import type { PublicationStatus } from '../../shared/schemas.ts';
import type { Database } from '../db/schema.ts';

type ContentTable = 'events' | 'news' | 'partners';
type Row<T extends ContentTable> = Selectable<Database[T]>;
/** What a write sets: columns the database fills (counters kept by other domains) may be left out. */
type Columns<T extends ContentTable> = Omit<
  Insertable<Database[T]>,
  'id' | 'slug' | 'created_at' | 'updated_at' | 'status' | 'publish_at' | 'published_at'
>;

/** The columns that say whether, and since when, an entry is public (events and news). */
export interface PublicationColumns {
  status: PublicationStatus;
  publish_at: string | null;
  published_at: string | null;
}

/** An entry with its publication columns, as the admin reads it. */
export interface StoredEntry<Entity> {
  entity: Entity;
  state: PublicationColumns;
}

/** The columns of a new row besides its input's. */
export interface NewRowColumns extends Partial<PublicationColumns> {
  id: string;
  slug?: string;
  created_at: string;
  updated_at: string;
}

interface TableDefinition<T extends ContentTable, Input, Entity> {
  table: T;
  toEntity: (row: Row<T>) => Entity;
  toColumns: (input: Input) => Columns<T>;
  /** Columns (or expressions) and directions of the list order; `id` is always the last tie-breaker. */
  order: ReadonlyArray<readonly [string | RawBuilder<unknown>, 'asc' | 'desc']>;
  /** Whether the table has the publication columns (events, news): then reads can ask what is public. */
  publication: boolean;
}

/**
 * All SQL of a content table. `publicAt` (an ISO time) keeps only the entries public then, on a table
 * with a publication; without it, every entry.
 */
export interface TableRepository<Input, Entity> {
  list(db: Kysely<Database>, publicAt?: string): Promise<Entity[]>;
  listWithState(db: Kysely<Database>): Promise<StoredEntry<Entity>[]>;
  find(db: Kysely<Database>, id: string, publicAt?: string): Promise<Entity | undefined>;
  findWithState(db: Kysely<Database>, id: string): Promise<StoredEntry<Entity> | undefined>;
  /** The entry with this slug (tables with a `slug` column only). */
  findBySlug(db: Kysely<Database>, slug: string, publicAt?: string): Promise<Entity | undefined>;
  /** Inserts a row; answers the entry as written. */
  insert(db: Kysely<Database>, input: Input, columns: NewRowColumns): Promise<Entity>;
  /** Updates a row; false when there is none with this id. */
  update(
    db: Kysely<Database>,
    id: string,
    input: Input,
    columns: Partial<PublicationColumns> & { updated_at: string },
  ): Promise<boolean>;
  remove(db: Kysely<Database>, id: string): Promise<boolean>;
  /** The slugs taken among `base` and `base-<n>`. */
  slugsLike(db: Kysely<Database>, base: string): Promise<Set<string>>;
  /** Whether a scheduled entry's time falls in (after, upTo]: it became public then. */
  becamePublic(db: Kysely<Database>, after: Date, upTo: Date): Promise<boolean>;
  /** The next time a scheduled entry becomes public, after `now`; undefined when none is waiting. */
  nextScheduled(db: Kysely<Database>, now: Date): Promise<Date | undefined>;
}

// The three content tables share one shape of SQL; Kysely cannot type a query over a table chosen at
// run time, so this one place talks to them through a loosened view of the schema.
type LooseRow = Record<string, unknown> & PublicationColumns & { id: string };
type LooseDb = Kysely<{ content: LooseRow }>;

/** Public at `nowIso`: published, or scheduled for then or before (ISO strings in UTC sort as time). */
const publicAt = (nowIso: string) => (eb: ExpressionBuilder<{ content: LooseRow }, 'content'>) =>
  eb.or([
    eb('status', '=', 'published'),
    eb.and([eb('status', '=', 'scheduled'), eb('publish_at', '<=', nowIso)]),
  ]);

const stateOf = (row: LooseRow): PublicationColumns => ({
  status: row.status,
  publish_at: row.publish_at,
  published_at: row.published_at,
});

export function tableRepository<T extends ContentTable, Input, Entity>(
  definition: TableDefinition<T, Input, Entity>,
): TableRepository<Input, Entity> {
  const { toColumns, publication } = definition;
  const table = definition.table as unknown as 'content';
  const loose = (db: Kysely<Database>) => db as unknown as LooseDb;
  const entity = (row: Record<string, unknown>) => definition.toEntity(row as unknown as Row<T>);
  const withState = (row: Record<string, unknown>) => ({
    entity: entity(row),
    state: stateOf(row as LooseRow),
  });
  const rows = (db: Kysely<Database>, at: string | undefined) => {
    const query = loose(db).selectFrom(table).selectAll();
    return publication && at ? query.where(publicAt(at)) : query;
  };
  const ordered = (db: Kysely<Database>, at: string | undefined) => {
    let query = rows(db, at);
    for (const [column, direction] of definition.order)
      query = query.orderBy(column as keyof LooseRow & string, direction);
    return query.orderBy('id').execute();
  };

  return {
    async list(db, at) {
      return (await ordered(db, at)).map(entity);
    },
    async listWithState(db) {
      return (await ordered(db, undefined)).map(withState);
    },
    async find(db, id, at) {
      const row = await rows(db, at).where('id', '=', id).executeTakeFirst();
      return row ? entity(row) : undefined;
    },
    async findWithState(db, id) {
      const row = await rows(db, undefined).where('id', '=', id).executeTakeFirst();
      return row ? withState(row) : undefined;
    },
    async findBySlug(db, slug, at) {
      const row = await rows(db, at).where('slug', '=', slug).executeTakeFirst();
      return row ? entity(row) : undefined;
    },
    async insert(db, input, columns) {
      const row = { ...toColumns(input), ...columns } as unknown as LooseRow;
      await loose(db).insertInto(table).values(row).execute();
      return entity(row);
    },
    async update(db, id, input, columns) {
      const result = await loose(db)
        .updateTable(table)
        .set({ ...toColumns(input), ...columns } as Partial<LooseRow>)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async remove(db, id) {
      const result = await loose(db).deleteFrom(table).where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async slugsLike(db, base) {
      // Slugs hold only [a-z0-9-], so `base` carries no LIKE wildcard.
      const taken = await loose(db)
        .selectFrom(table)
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute();
      return new Set(taken.map((row) => String(row.slug)));
    },
    async becamePublic(db, after, upTo) {
      const row = await scheduled(loose(db), table, after)
        .select('id')
        .where('publish_at', '<=', upTo.toISOString())
        .executeTakeFirst();
      return row !== undefined;
    },
    async nextScheduled(db, now) {
      const row = await scheduled(loose(db), table, now)
        .select('publish_at')
        .orderBy('publish_at')
        .executeTakeFirst();
      return row?.publish_at ? new Date(row.publish_at) : undefined;
    },
  };
}

/** The first scheduled entry due after `after` (by the query's order). */
const scheduled = (db: LooseDb, table: 'content', after: Date) =>
  db
    .selectFrom(table)
    .where('status', '=', 'scheduled')
    .where('publish_at', '>', after.toISOString())
    .limit(1);
