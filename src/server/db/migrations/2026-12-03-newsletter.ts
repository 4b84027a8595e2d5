import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per address (lower-cased): pending until its confirmation link is posted, then active,
  // until it unsubscribes or the mail server refuses it for good (bounced). The confirmation token is
  // kept as its SHA-256 only.
  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('full_name', 'varchar(200)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('notice_version', 'varchar(32)', (c) => c.notNull())
    .addColumn('confirm_token_hash', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('pending_since', 'varchar(32)')
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('unsubscribed_at', 'varchar(32)')
    .addColumn('bounced_at', 'varchar(32)')
    .addColumn('status_changed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_subscribers_confirm_idx')
    .on('newsletter_subscribers')
    .column('confirm_token_hash')
    .execute();
  await db.schema
    .createIndex('newsletter_subscribers_status_idx')
    .on('newsletter_subscribers')
    .columns(['status', 'id'])
    .execute();

  // A campaign: its subject and sanitised HTML; draft until sent, queuing while its outbox rows are
  // written (in batches, after `cursor`, the last subscriber id queued), then sending.
  await db.schema
    .createTable('newsletter_campaigns')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('send_started_at', 'varchar(32)')
    .addColumn('queued_at', 'varchar(32)')
    .execute();

  // One row per message of a campaign: its subscriber (once per campaign, by the primary key), its
  // outbox row, and the SHA-256 of the unsubscribe token written into that message alone.
  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('subscriber_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('outbox_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('newsletter_deliveries_pk', ['campaign_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_subscriber_idx')
    .on('newsletter_deliveries')
    .column('subscriber_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_deliveries').ifExists().execute();
  await db.schema.dropTable('newsletter_campaigns').ifExists().execute();
  await db.schema.dropTable('newsletter_subscribers').ifExists().execute();
}
