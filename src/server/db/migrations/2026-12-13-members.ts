import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The plans, edited by staff; the fees are placeholders in centavos (the student fee is 70 % off the
  // individual one). Each period lasts `period_months`, followed by `grace_days` of grace.
  await db.schema
    .createTable('membership_plans')
    .addColumn('slug', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('fee_cents', 'integer', (c) => c.notNull())
    .addColumn('period_months', 'integer', (c) => c.notNull())
    .addColumn('grace_days', 'integer', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  const plans: [string, string, number, number][] = [
    ['individual', 'Individual', 120_000, 1],
    ['corporativa-2', 'Corporativa (2 membresías)', 600_000, 2],
    ['corporativa-4', 'Corporativa (4 membresías)', 1_000_000, 4],
    ['corporativa-10', 'Corporativa (10 membresías)', 2_000_000, 10],
    ['estudiantil', 'Estudiantil', 36_000, 1],
  ];
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('membership_plans')
    .values(
      plans.map(([slug, name, fee, seats], position) => ({
        slug,
        name,
        fee_cents: fee,
        period_months: 12,
        grace_days: 30,
        seats,
        position,
        updated_at: now,
      })),
    )
    .execute();

  // A member from her application on. `status` is what people decided (en_revision, por_pagar, socia,
  // rechazada, baja); whether a `socia` is active, in her grace or lapsed is read from `period_end` (her
  // last day, YYYY-MM-DD on the association's clock) when asked. A seat of a corporate plan has no period
  // of her own: she reads her coordinator's. `number` is given at her first activation; `request_id`
  // names the request she came from without a foreign key, since requests are purged and she stays.
  await db.schema
    .createTable('members')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('number', 'integer', (c) => c.unique())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(320)', (c) => c.notNull())
    .addColumn('organisation', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'varchar(200)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)', (c) => c.notNull())
    .addColumn('plan', 'varchar(32)', (c) => c.notNull().references('membership_plans.slug'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('period_start', 'varchar(10)')
    .addColumn('period_end', 'varchar(10)')
    .addColumn('coordinator_id', 'varchar(64)', (c) => c.references('members.id'))
    .addColumn('request_id', 'varchar(64)')
    .addColumn('search_folded', 'text', (c) => c.notNull())
    .addColumn('directory_listed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('directory_fields', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('linkedin', 'varchar(300)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('erased_at', 'varchar(32)')
    .execute();
  // One live membership per address: a second application, an import or a seat for the same person
  // meets this instead of making a second member (after a rejection or a leaving, she may apply again).
  await sql`create unique index members_live_email on members (email_key) where status in ('en_revision', 'por_pagar', 'socia')`.execute(
    db,
  );
  await sql`create index members_email_idx on members (email_key)`.execute(db);
  await sql`create index members_status_end_idx on members (status, period_end)`.execute(db);
  await sql`create index members_coordinator_idx on members (coordinator_id)`.execute(db);

  // Every change to a member: who (an admin's id, `sistema` or `socia`), when, what, and why.
  await db.schema
    .createTable('member_history')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('member_id', 'varchar(64)', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await sql`create index member_history_member_idx on member_history (member_id, at)`.execute(db);

  // The links to a member's page: each mail its own token, kept only as its SHA-256.
  await db.schema
    .createTable('member_links')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('member_id', 'varchar(64)', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`create index member_links_member_idx on member_links (member_id, created_at)`.execute(db);

  // Dues: a payment is issued `pendiente` with its own reference (unique: a second click or a second
  // import of one transfer meets it) and becomes `pagado` with its folio (unique, sequential per year).
  // The payer's name and plan are kept with it: a receipt is an accounting record, kept five years
  // (`keep_until`) even when the member's other data are erased.
  await db.schema
    .createTable('membership_payments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('member_id', 'varchar(64)', (c) => c.notNull().references('members.id'))
    .addColumn('reference', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)')
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('folio', 'varchar(20)', (c) => c.unique())
    .addColumn('period_start', 'varchar(10)')
    .addColumn('period_end', 'varchar(10)')
    .addColumn('payer_name', 'varchar(200)')
    .addColumn('plan_name', 'varchar(200)')
    .addColumn('recorded_by', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('keep_until', 'varchar(32)')
    .execute();
  await sql`create index membership_payments_member_idx on membership_payments (member_id, created_at)`.execute(
    db,
  );

  // Counters taken by one conditional UPDATE each (the member number; a receipt folio per year), so two
  // at once queue on the row instead of reading the same value.
  await db.schema
    .createTable('member_counters')
    .addColumn('key', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await (db as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('member_counters')
    .values({ key: 'member-number', value: 0 })
    .execute();

  // A corporate coordinator's invitations to her seats; the link's token is kept only as its SHA-256.
  await db.schema
    .createTable('member_invitations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('coordinator_id', 'varchar(64)', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('email_key', 'varchar(320)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('accepted_at', 'varchar(32)')
    .addColumn('member_id', 'varchar(64)')
    .addUniqueConstraint('member_invitations_coordinator_email', ['coordinator_id', 'email_key'])
    .execute();

  // A student's proof of enrolment, kept only until her application is decided.
  await db.schema
    .createTable('membership_proofs')
    .addColumn('member_id', 'varchar(64)', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('uploaded_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'membership_proofs',
    'member_invitations',
    'member_counters',
    'membership_payments',
    'member_links',
    'member_history',
    'members',
    'membership_plans',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
