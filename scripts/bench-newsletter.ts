// Queues one campaign to 10,000 active subscribers on a fresh SQLite file and reports the time it took
// and how much the process's memory grew (goals: ≤ 5 s, ≤ 50 MB). `node scripts/bench-newsletter.ts [N]`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { timeOrderedId } from '../src/server/db/ids.ts';
import { createCampaign, queueNextBatch, startSending } from '../src/server/newsletter/campaigns.service.ts';

const count = Number(process.argv[2] ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'bench-newsletter-'));
const { db } = openDatabase(join(dir, 'site.db'));
await migrateToLatest(db);
const now = new Date().toISOString();
for (let at = 0; at < count; at += 1_000) {
  const rows = Array.from({ length: Math.min(1_000, count - at) }, (_, i) => ({
    id: timeOrderedId(),
    email: `persona${at + i}@example.org`,
    full_name: null,
    status: 'active' as const,
    source: 'boletin',
    notice_version: '2026-12-03',
    confirm_token_hash: null,
    created_at: now,
    pending_since: null,
    confirmed_at: now,
    unsubscribed_at: null,
    bounced_at: null,
    status_changed_at: now,
  }));
  await db.insertInto('newsletter_subscribers').values(rows).execute();
}
const html = `<h2>Boletín</h2>${'<p>Un párrafo de noticias con <a href="https://example.org">un enlace</a>.</p>'.repeat(40)}`;
const id = await createCampaign(db, { subject: 'Boletín de prueba', html });
await startSending(db, id);
globalThis.gc?.();
const before = process.memoryUsage();
let peakRss = before.rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const started = performance.now();
const site = { siteUrl: 'https://sitio.example.org', mailFrom: 'Sitio <no-responder@example.org>' };
let queued = 0;
for (let batch; (batch = await queueNextBatch(db, id, site)) > 0;) queued += batch;
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(
  JSON.stringify({
    subscribers: count,
    queued,
    seconds: Number(seconds.toFixed(2)),
    rssGrowthMb: Number(mb(peakRss - before.rss)),
    heapGrowthMb: Number(mb(process.memoryUsage().heapUsed - before.heapUsed)),
  }),
);
await db.destroy();
rmSync(dir, { recursive: true, force: true });
