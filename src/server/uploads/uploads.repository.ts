import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UploadsTable } from '../db/schema.ts';

/** Where uploaded files are served; every variant's name is `<content hash>-<width>.webp`. */
export const UPLOADS_URL_PREFIX = '/uploads/';
const UPLOAD_URL = /\/uploads\/([0-9a-f]{20}-\d+\.webp)/g;

export interface SrcsetEntry {
  url: string;
  width: number;
}

export interface UploadRow {
  id: string;
  src: string;
  width: number;
  height: number;
  srcset: SrcsetEntry[];
  originalName: string;
  createdAt: string;
}

export interface NewUpload {
  adminId: string | null;
  originalName: string;
  src: string;
  width: number;
  height: number;
  srcset: SrcsetEntry[];
}

const srcsetOf = (row: Pick<Selectable<UploadsTable>, 'srcset'>) => JSON.parse(row.srcset) as SrcsetEntry[];

const toUpload = (row: Selectable<UploadsTable>): UploadRow => ({
  id: row.id,
  src: row.src,
  width: row.width,
  height: row.height,
  srcset: srcsetOf(row),
  originalName: row.original_name,
  createdAt: row.created_at,
});

/** The file names an upload's widths are stored under. */
export const fileNamesOf = (srcset: { url: string }[]) =>
  srcset.flatMap((entry) => [...entry.url.matchAll(UPLOAD_URL)].map((match) => match[1]!));

/** Records an upload whose files are stored; answers its id. */
export async function recordUpload(db: Kysely<Database>, upload: NewUpload): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('uploads')
    .values({
      id,
      admin_id: upload.adminId,
      original_name: upload.originalName.slice(0, 255),
      width: upload.width,
      height: upload.height,
      src: upload.src,
      srcset: JSON.stringify(upload.srcset),
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** The upload files that some event, news item or partner points at, by file name. */
export async function referencedFiles(db: Kysely<Database>): Promise<Set<string>> {
  const [events, news, partners] = await Promise.all([
    db.selectFrom('events').select(['images', 'image_cover', 'description']).execute(),
    db.selectFrom('news').select(['images', 'description']).execute(),
    db.selectFrom('partners').select(['images']).execute(),
  ]);
  const found = new Set<string>();
  for (const row of [...events, ...news, ...partners]) {
    for (const text of Object.values(row)) {
      for (const match of String(text).matchAll(UPLOAD_URL)) found.add(match[1]!);
    }
  }
  return found;
}

/** The uploads, newest first. */
export async function listUploads(db: Kysely<Database>): Promise<UploadRow[]> {
  const rows = await db
    .selectFrom('uploads')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toUpload);
}

export async function findUpload(db: Kysely<Database>, id: string): Promise<UploadRow | undefined> {
  const row = await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUpload(row);
}

/** Deletes an upload's row (its files are the caller's); false when there is none. */
export async function deleteUpload(db: Kysely<Database>, id: string): Promise<boolean> {
  const deleted = await db.deleteFrom('uploads').where('id', '=', id).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** The file names every upload's widths are stored under. */
export async function storedFileNames(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('uploads').select('srcset').execute();
  return new Set(rows.flatMap((row) => fileNamesOf(srcsetOf(row))));
}
