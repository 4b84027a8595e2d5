import type { Compilable, CompiledQuery, Insertable, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Queries of a hot path, built and compiled by Kysely once per database and then run with fresh
 * values (decision 038). Building a query (its immutable tree of nodes) and compiling it to SQL cost
 * more than SQLite takes to run a small insert; a sign-up runs several. The SQL is still Kysely's, in
 * the dialect of the database at hand (quoting, `?` or `$1`), so one query serves SQLite and PostgreSQL.
 *
 * How: the query is built with a marker string in place of each value that changes; after compiling,
 * each marker is found among the compiled parameters, and a later run puts its own values there. A
 * marker that did not end up as a parameter (written into the SQL text, or dropped) is refused when the
 * query is compiled, so a query that cannot be reused this way fails at once, not with wrong values.
 */

const MARKER = '\u0000value:';

/** Where each compiled parameter comes from: a named value, or a constant of the query itself. */
type Slot = { name: string } | { constant: unknown };

interface Compiled {
  query: CompiledQuery;
  slots: Slot[];
}

/**
 * Compiled queries are kept per dialect adapter: Kysely hands the same adapter to the database and to
 * every transaction on it, and two databases of different dialects have different ones.
 */
const adapterOf = (db: Kysely<Database>): object => db.getExecutor().adapter;

function compileWithMarkers(query: Compilable, names: readonly string[]): Compiled {
  const compiled = query.compile();
  const seen = new Set<string>();
  const slots = compiled.parameters.map((value): Slot => {
    if (typeof value === 'string' && value.startsWith(MARKER)) {
      const name = value.slice(MARKER.length);
      seen.add(name);
      return { name };
    }
    return { constant: value };
  });
  const missing = names.filter((name) => !seen.has(name));
  if (missing.length > 0 || compiled.sql.includes(MARKER)) {
    throw new Error(`values not passed as parameters: ${missing.join(', ') || 'written into the SQL'}`);
  }
  return { query: compiled, slots };
}

/** Runs compiled SQL on a database's only connection, at once (database.ts gives SQLite's). */
export type DirectRunner = (query: CompiledQuery) => QueryResult<unknown>;
const directRunners = new WeakMap<object, DirectRunner>();

/**
 * Gives the database's one connection for the compiled queries of its transactions (decision 042).
 * Only for a database with a single connection that Kysely hands to one transaction at a time (SQLite):
 * inside a transaction, nothing else can be using it.
 */
export function runTransactionsDirectly(db: Kysely<Database>, runner: DirectRunner): void {
  directRunners.set(adapterOf(db), runner);
}

/**
 * Runs a compiled query in the database or transaction given. In a transaction on SQLite, straight on
 * its connection: the transaction holds the only one, so the statement runs where Kysely would have
 * run it, without the layers of promises and closures Kysely's executor makes around each query (about a
 * quarter of the memory a sign-up allocated, decision 042). Elsewhere, through Kysely as usual.
 */
export async function executeCompiled<Row>(
  db: Kysely<Database>,
  query: CompiledQuery<Row>,
): Promise<QueryResult<Row>> {
  const direct = db.isTransaction ? directRunners.get(adapterOf(db)) : undefined;
  if (direct) return direct(query) as QueryResult<Row>;
  return await db.executeQuery(query);
}

function run<Row>(db: Kysely<Database>, compiled: Compiled, values: (name: string) => unknown) {
  const parameters = compiled.slots.map((slot) => ('name' in slot ? values(slot.name) : slot.constant));
  return executeCompiled(db, { ...compiled.query, parameters } as CompiledQuery<Row>);
}

export interface PreparedQuery<Names extends string, Row> {
  /** Runs the query with these values, in the database or transaction given. */
  execute(db: Kysely<Database>, values: Readonly<Record<Names, unknown>>): Promise<QueryResult<Row>>;
}

/**
 * A query with named values: `build` writes it with `value('name')` wherever a value changes from one
 * run to the next (constants may be written as they are). `names` lists them all.
 */
export function preparedQuery<const Names extends string, Row>(
  names: readonly Names[],
  build: (db: Kysely<Database>, value: (name: Names) => never) => Compilable<Row>,
): PreparedQuery<Names, Row> {
  const compiled = new WeakMap<object, Compiled>();
  const marker = (name: Names) => `${MARKER}${name}` as never;
  return {
    async execute(db, values) {
      const adapter = adapterOf(db);
      let entry = compiled.get(adapter);
      if (!entry) {
        entry = compileWithMarkers(build(db, marker), names);
        compiled.set(adapter, entry);
      }
      return await run<Row>(db, entry, (name) => values[name as Names]);
    },
  };
}

/** Shapes of multi-row inserts kept per adapter (a table, its columns, a number of rows). */
const INSERT_SHAPES_KEPT = 64;
/** An insert's compiled query, and for each parameter the row and column its value comes from. */
interface CompiledInsert extends Compiled {
  places: ([row: number, column: string] | undefined)[];
}
const inserts = new WeakMap<object, Map<string, CompiledInsert>>();

/**
 * Inserts rows into a table with one statement, compiled once for each table, set of columns and
 * number of rows. Every row must have the same columns, in the same order (as rows made by one
 * function have).
 */
export async function insertRows<Table extends keyof Database & string>(
  db: Kysely<Database>,
  table: Table,
  rows: readonly Insertable<Database[Table]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const adapter = adapterOf(db);
  let shapes = inserts.get(adapter);
  if (!shapes) inserts.set(adapter, (shapes = new Map()));
  const key = `${table}\u0001${rows.length}\u0001${columns.join('\u0001')}`;
  let entry = shapes.get(key);
  if (!entry) {
    const names = rows.flatMap((_row, i) => columns.map((column) => `${i}.${column}`));
    const markedRows = rows.map((_row, i) =>
      Object.fromEntries(columns.map((column) => [column, `${MARKER}${i}.${column}`])),
    );
    const compiled = compileWithMarkers(
      db.insertInto(table).values(markedRows as unknown as Insertable<Database[Table]>[]),
      names,
    );
    const places = compiled.slots.map((slot) => {
      if (!('name' in slot)) return undefined;
      const dot = slot.name.indexOf('.');
      return [Number(slot.name.slice(0, dot)), slot.name.slice(dot + 1)] as [number, string];
    });
    entry = { ...compiled, places };
    if (shapes.size >= INSERT_SHAPES_KEPT) shapes.delete(shapes.keys().next().value!);
    shapes.set(key, entry);
  }
  const values = rows as readonly Record<string, unknown>[];
  const parameters = entry.places.map((place, i) => {
    if (!place) return (entry.slots[i] as { constant: unknown }).constant;
    const row = values[place[0]]!;
    if (!(place[1] in row)) throw new Error(`a row without the column ${place[1]}`);
    return row[place[1]];
  });
  await executeCompiled(db, { ...entry.query, parameters } as CompiledQuery);
}
