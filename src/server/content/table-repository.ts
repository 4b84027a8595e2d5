import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import { firstFreeSlug, isUniqueViolation, slugify } from './slug.ts';

type ContentTable = 'events' | 'news' | 'partners';
type Row<T extends ContentTable> = Selectable<Database[T]>;
/** What a write sets: columns the database fills (counters kept by other domains) may be left out. */
type Columns<T extends ContentTable> = Omit<
  Insertable<Database[T]>,
  'id' | 'slug' | 'created_at' | 'updated_at'
>;

interface TableDefinition<T extends ContentTable, Input, Entity> {
  table: T;
  toEntity: (row: Row<T>) => Entity;
  toColumns: (input: Input) => Columns<T>;
  /** Columns and directions of the list order; `id` is always the last tie-breaker. */
  order: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
  /**
   * For tables with a `slug` column: the slug is made from the input's name when a row is created
   * (`fallback` when the name has no letters or digits), made unique, and never changed afterwards,
   * so a shared address keeps working after a rename.
   */
  slug?: { from: (input: Input) => string; fallback: string };
}

/** What the content routes need of a resource's storage. */
export interface ContentRepository<Input, Entity> {
  list(db: Kysely<Database>): Promise<Entity[]>;
  get(db: Kysely<Database>, id: string): Promise<Entity | undefined>;
  create(db: Kysely<Database>, input: Input): Promise<Entity>;
  update(db: Kysely<Database>, id: string, input: Input): Promise<Entity | undefined>;
  remove(db: Kysely<Database>, id: string): Promise<boolean>;
}

export interface TableRepository<Input, Entity> extends ContentRepository<Input, Entity> {
  /** The row with this slug (tables with a `slug` column only). */
  getBySlug(db: Kysely<Database>, slug: string): Promise<Entity | undefined>;
}

// The three content tables share one shape of SQL; Kysely cannot type a query over a table chosen at
// run time, so this one place talks to them through a loosened view of the schema.
type LooseRow = Record<string, unknown> & { id: string; created_at: string; updated_at: string };
type LooseDb = Kysely<{ content: LooseRow }>;

/** All SQL of a content table: list in order, get, create, update and delete by id. */
export function tableRepository<T extends ContentTable, Input, Entity>(
  definition: TableDefinition<T, Input, Entity>,
): TableRepository<Input, Entity> {
  const { toEntity, toColumns } = definition;
  const table = definition.table as unknown as 'content';
  const loose = (db: Kysely<Database>) => db as unknown as LooseDb;
  const get = async (db: Kysely<Database>, id: string) => {
    const row = await loose(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toEntity(row as unknown as Row<T>) : undefined;
  };

  /** The free slug for a name: its own, or with the first number that makes it unique. */
  const freeSlug = async (db: Kysely<Database>, base: string) => {
    // Slugs hold only [a-z0-9-], so `base` carries no LIKE wildcard.
    const rows = await loose(db)
      .selectFrom(table)
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute();
    return firstFreeSlug(base, new Set(rows.map((row) => String(row.slug))));
  };

  return {
    async list(db) {
      let query = loose(db).selectFrom(table).selectAll();
      for (const [column, direction] of definition.order)
        query = query.orderBy(column as keyof LooseRow & string, direction);
      const rows = await query.orderBy('id').execute();
      return rows.map((row) => toEntity(row as unknown as Row<T>));
    },
    get,
    async create(db, input) {
      const now = new Date().toISOString();
      const row: LooseRow = { id: randomUUID(), ...toColumns(input), created_at: now, updated_at: now };
      const { slug } = definition;
      if (!slug) {
        await loose(db).insertInto(table).values(row).execute();
        return toEntity(row as unknown as Row<T>);
      }
      const base = slugify(slug.from(input), slug.fallback);
      for (let attempt = 1; ; attempt++) {
        row.slug = await freeSlug(db, base);
        try {
          await loose(db).insertInto(table).values(row).execute();
          return toEntity(row as unknown as Row<T>);
        } catch (error) {
          // Two writers took the same free slug at once: the loser looks again. Inside a transaction
          // the failed insert has aborted it (PostgreSQL), so the error goes up instead.
          if (db.isTransaction || attempt >= 5 || !isUniqueViolation(error)) throw error;
        }
      }
    },
    async getBySlug(db, slug) {
      if (!definition.slug) throw new Error(`${definition.table} has no slugs`);
      const row = await loose(db).selectFrom(table).selectAll().where('slug', '=', slug).executeTakeFirst();
      return row ? toEntity(row as unknown as Row<T>) : undefined;
    },
    async update(db, id, input) {
      const result = await loose(db)
        .updateTable(table)
        .set({ ...toColumns(input), updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? get(db, id) : undefined;
    },
    async remove(db, id) {
      const result = await loose(db).deleteFrom(table).where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
