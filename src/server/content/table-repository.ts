import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ContentRepository } from './crud-routes.ts';

type ContentTable = 'events' | 'news' | 'partners';
type Row<T extends ContentTable> = Selectable<Database[T]>;
type Columns<T extends ContentTable> = Omit<Row<T>, 'id' | 'created_at' | 'updated_at'>;

interface TableDefinition<T extends ContentTable, Input, Entity> {
  table: T;
  toEntity: (row: Row<T>) => Entity;
  toColumns: (input: Input) => Columns<T>;
  /** Columns and directions of the list order; `id` is always the last tie-breaker. */
  order: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
}

// The three content tables share one shape of SQL; Kysely cannot type a query over a table chosen at
// run time, so this one place talks to them through a loosened view of the schema.
type LooseRow = Record<string, unknown> & { id: string; created_at: string; updated_at: string };
type LooseDb = Kysely<{ content: LooseRow }>;

/** All SQL of a content table: list in order, get, create, update and delete by id. */
export function tableRepository<T extends ContentTable, Input, Entity>(
  definition: TableDefinition<T, Input, Entity>,
): ContentRepository<Input, Entity> {
  const { toEntity, toColumns } = definition;
  const table = definition.table as unknown as 'content';
  const loose = (db: Kysely<Database>) => db as unknown as LooseDb;
  const get = async (db: Kysely<Database>, id: string) => {
    const row = await loose(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toEntity(row as unknown as Row<T>) : undefined;
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
      await loose(db).insertInto(table).values(row).execute();
      return toEntity(row as unknown as Row<T>);
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
