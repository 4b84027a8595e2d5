import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { clock } from '../../shared/clock.ts';
import {
  GENERIC_SHARE_CARD,
  shareCardPath,
  shareCardPhoto,
  shareCardSegments,
  type ShareCardKind,
  type ShareCardMode,
} from '../../shared/share-cards.ts';
import { makeCard, type PhotoRoots } from './card-image.ts';
import { shareCardsRepository, type CardEntry } from './share-cards.repository.ts';

/** Changed whenever the drawing changes (layout, fonts, logo), so every card is made again. */
const LAYOUT_VERSION = 1;

/** A card to send: its bytes and ETag, and whether it is the entry's own or the generic one. */
export interface CardAnswer {
  bytes: Buffer;
  etag: string;
  generic: boolean;
}

/** What a card shows of its entry. */
export function faceOf(entry: CardEntry) {
  if (entry.kind === 'news') return { label: 'Noticia', title: entry.name, line: entry.place };
  const date = entry.when ? clock.formatEventDate(entry.when) : '';
  return { label: 'Evento', title: entry.name, line: [date, entry.place].filter(Boolean).join(' · ') };
}

/** The version of an entry's card: everything the card is made from, hashed. */
export function versionOf(entry: CardEntry): string {
  const inputs = [LAYOUT_VERSION, entry.kind, entry.mode, faceOf(entry), shareCardPhoto(entry) ?? null];
  return createHash('sha256').update(JSON.stringify(inputs)).digest('base64url').slice(0, 16);
}

const webPublic = fileURLToPath(new URL('../../web/public', import.meta.url));

/**
 * The cards of the events and news: each made once per version of its entry and kept in a folder beside
 * the uploads (`<uploads>/../share-cards/<evento|noticia>/<slug>.<version>.jpg`), older versions removed.
 */
export function shareCardsService(app: FastifyInstance) {
  const uploads = resolve(app.config.uploadDir ?? 'data/uploads');
  const dir = resolve(uploads, '..', 'share-cards');
  const roots: PhotoRoots = { uploads, web: [resolve(app.config.webDist), webPublic] };
  const genericFile = roots.web
    .map((root) => join(root, GENERIC_SHARE_CARD))
    .find((file) => existsSync(file));
  if (!genericFile) throw new Error(`the generic share card ${GENERIC_SHARE_CARD} is missing`);
  const genericBytes = readFileSync(genericFile);
  const generic: CardAnswer = {
    bytes: genericBytes,
    etag: `"generic-${createHash('sha256').update(genericBytes).digest('base64url').slice(0, 16)}"`,
    generic: true,
  };
  // One making per card at a time: requests that meet it under way wait for the same one.
  const making = new Map<string, Promise<Buffer>>();

  const folderOf = (kind: ShareCardKind) => join(dir, shareCardSegments[kind]);
  const fileOf = (entry: CardEntry, version: string) =>
    join(folderOf(entry.kind), `${entry.slug}.${version}.jpg`);

  const isPublic = async (entry: CardEntry) =>
    Boolean(
      await (entry.kind === 'events' ? app.publishedEvents.find(entry.id) : app.publishedNews.find(entry.id)),
    );

  /** Writes the card under its version (whole or not at all), then removes the slug's older ones. */
  async function make(entry: CardEntry, version: string): Promise<Buffer> {
    const bytes = await makeCard(faceOf(entry), shareCardPhoto(entry), entry.mode, roots);
    const folder = folderOf(entry.kind);
    const file = fileOf(entry, version);
    await mkdir(folder, { recursive: true });
    const partial = `${file}.${randomUUID()}.part`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    const older = (await readdir(folder)).filter(
      (name) => name.startsWith(`${entry.slug}.`) && name.endsWith('.jpg') && join(folder, name) !== file,
    );
    for (const name of older) await rm(join(folder, name), { force: true });
    return bytes;
  }

  /** The entry's card, made now if this version has none yet; the generic card when that fails. */
  async function cardOf(entry: CardEntry, log: FastifyBaseLogger): Promise<CardAnswer> {
    const version = versionOf(entry);
    const file = fileOf(entry, version);
    const etag = `"${version}"`;
    try {
      return { bytes: await readFile(file), etag, generic: false };
    } catch {
      // Not made yet: made below.
    }
    let pending = making.get(file);
    if (!pending) {
      pending = make(entry, version).finally(() => making.delete(file));
      making.set(file, pending);
    }
    try {
      return { bytes: await pending, etag, generic: false };
    } catch (error) {
      log.error(
        { err: error, kind: entry.kind, slug: entry.slug },
        'share card not made; the generic card is served',
      );
      return generic;
    }
  }

  let closed = false;
  let sweeping: Promise<void> | undefined;
  const waiting = new Set<ShareCardKind>();

  /** Makes the missing cards of a kind's public entries, and removes those of entries gone or hidden. */
  async function sweep(kind: ShareCardKind) {
    const entries = await shareCardsRepository.list(app.db, kind);
    const kept = new Set<string>();
    for (const entry of entries) {
      if (closed) return;
      if (!(await isPublic(entry))) continue;
      const version = versionOf(entry);
      kept.add(`${entry.slug}.${version}.jpg`);
      if (!existsSync(fileOf(entry, version))) await cardOf(entry, app.log);
    }
    const folder = folderOf(kind);
    const files = existsSync(folder) ? await readdir(folder) : [];
    for (const name of files) if (!kept.has(name)) await rm(join(folder, name), { force: true });
  }

  /** Runs the sweeps asked for, one after another; a change during a sweep asks for one more. */
  function sweepSoon(kind: ShareCardKind) {
    waiting.add(kind);
    sweeping ??= (async () => {
      while (!closed && waiting.size > 0) {
        const next = [...waiting][0]!;
        waiting.delete(next);
        await sweep(next).catch((error: unknown) =>
          app.log.error({ err: error, kind: next }, 'share cards not brought up to date'),
        );
      }
      sweeping = undefined;
    })();
  }

  return {
    generic,
    /** The entry of a card's address, whatever its state. */
    find: (kind: ShareCardKind, by: { slug: string } | { id: string }) =>
      shareCardsRepository.find(app.db, kind, by),
    isPublic,
    cardOf,
    sweepSoon,
    /** The card's address with its version, as the admin shows it. */
    srcOf: (entry: CardEntry) => `${shareCardPath(entry.kind, entry.slug)}?v=${versionOf(entry)}`,
    async choose(kind: ShareCardKind, id: string, mode: ShareCardMode) {
      await shareCardsRepository.choose(app.db, kind, id, mode, new Date().toISOString());
      sweepSoon(kind);
    },
    /** Stops the sweeps and waits for the one under way. */
    async close() {
      closed = true;
      await sweeping;
    },
  };
}

export type ShareCardsService = ReturnType<typeof shareCardsService>;
