import type { Kysely } from 'kysely';
import { SHARE_CARD_MODES, type ShareCardKind, type ShareCardMode } from '../../shared/share-cards.ts';
import { fromJsonDescriptions, fromJsonList } from '../db/json-columns.ts';
import type { Database } from '../db/schema.ts';

/**
 * What a card is drawn from, read as stored whatever the entry's state: whether visitors may see it is
 * the content domain's answer (plugins/published-events.ts), asked by the service.
 */
export interface CardEntry {
  kind: ShareCardKind;
  id: string;
  slug: string;
  name: string;
  /** An event's place, a news item's address. */
  place: string;
  /** An event's start (UTC ISO); a news item's publication, when it has one. */
  when: string | null;
  images: string[];
  imageCover: string[];
  imageDescriptions?: Record<string, string>;
  mode: ShareCardMode;
}

type By = { slug: string } | { id: string };

const asMode = (value: string | null | undefined): ShareCardMode =>
  SHARE_CARD_MODES.find((mode) => mode === value) ?? 'card';

async function eventRows(db: Kysely<Database>, by?: By) {
  let query = db
    .selectFrom('events')
    .leftJoin('share_card_choices as choice', (join) =>
      join.onRef('choice.entry_id', '=', 'events.id').on('choice.kind', '=', 'events'),
    )
    .select([
      'events.id',
      'events.slug',
      'events.name',
      'events.location',
      'events.event_date',
      'events.images',
      'events.image_cover',
      'events.image_descriptions',
      'choice.mode',
    ]);
  if (by && 'slug' in by) query = query.where('events.slug', '=', by.slug);
  if (by && 'id' in by) query = query.where('events.id', '=', by.id);
  const rows = await query.execute();
  return rows.map((row): CardEntry => ({
    kind: 'events',
    id: row.id,
    slug: row.slug,
    name: row.name,
    place: row.location,
    when: row.event_date,
    images: fromJsonList(row.images),
    imageCover: fromJsonList(row.image_cover),
    ...fromJsonDescriptions(row.image_descriptions),
    mode: asMode(row.mode),
  }));
}

async function newsRows(db: Kysely<Database>, by?: By) {
  let query = db
    .selectFrom('news')
    .leftJoin('share_card_choices as choice', (join) =>
      join.onRef('choice.entry_id', '=', 'news.id').on('choice.kind', '=', 'news'),
    )
    .select([
      'news.id',
      'news.slug',
      'news.name',
      'news.address',
      'news.published_at',
      'news.images',
      'news.image_descriptions',
      'choice.mode',
    ]);
  if (by && 'slug' in by) query = query.where('news.slug', '=', by.slug);
  if (by && 'id' in by) query = query.where('news.id', '=', by.id);
  const rows = await query.execute();
  return rows.map((row): CardEntry => ({
    kind: 'news',
    id: row.id,
    slug: row.slug,
    name: row.name,
    place: row.address,
    when: row.published_at,
    images: fromJsonList(row.images),
    imageCover: [],
    ...fromJsonDescriptions(row.image_descriptions),
    mode: asMode(row.mode),
  }));
}

const rowsOf = (db: Kysely<Database>, kind: ShareCardKind, by?: By) =>
  kind === 'events' ? eventRows(db, by) : newsRows(db, by);

export const shareCardsRepository = {
  async find(db: Kysely<Database>, kind: ShareCardKind, by: By): Promise<CardEntry | undefined> {
    return (await rowsOf(db, kind, by))[0];
  },
  list: (db: Kysely<Database>, kind: ShareCardKind) => rowsOf(db, kind),
  async choose(db: Kysely<Database>, kind: ShareCardKind, id: string, mode: ShareCardMode, at: string) {
    await db
      .insertInto('share_card_choices')
      .values({ kind, entry_id: id, mode, updated_at: at })
      .onConflict((conflict) => conflict.columns(['kind', 'entry_id']).doUpdateSet({ mode, updated_at: at }))
      .execute();
  },
};
