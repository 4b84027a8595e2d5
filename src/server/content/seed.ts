import type { Kysely } from 'kysely';
import { eventsContent, newsContent, partnersContent } from './content.service.ts';
import { demoEvents, demoNews, demoPartners } from './demo-content.ts';
import type { Database } from '../db/schema.ts';

/** True when the database holds no content at all (a new installation). */
async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  for (const table of ['events', 'news', 'partners'] as const) {
    const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row) return false;
  }
  const marker = await db
    .selectFrom('kv')
    .select('value')
    .where('key', '=', 'demo_seeded_at')
    .executeTakeFirst();
  return !marker;
}

/**
 * Fills an empty database with demo content, once: a marker row remembers it, so content the
 * association deletes later does not come back on the next start.
 */
export async function seedDemoContentIfEmpty(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await db.transaction().execute(async (trx) => {
    for (const event of demoEvents(now)) await eventsContent.create(trx, event);
    // Oldest first, so the list (newest first) shows the first entry on top.
    for (const news of [...demoNews].reverse()) {
      await newsContent.create(trx, news);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    for (const partner of demoPartners) await partnersContent.create(trx, partner);
    await trx.insertInto('kv').values({ key: 'demo_seeded_at', value: now.toISOString() }).execute();
  });
  return true;
}

/** Empties every content table and the request inbox (used by `npm run db:reset`). */
export async function clearContent(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of ['outbox', 'requests', 'events', 'news', 'partners', 'sessions', 'kv'] as const) {
      await trx.deleteFrom(table).execute();
    }
  });
}
