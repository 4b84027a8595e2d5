import { clock } from '../../shared/clock.ts';
import type { Publication, PublicationStatus } from '../../shared/schemas.ts';
import type { PublicationColumns } from './table-repository.ts';

/** What an input says of its publication (events and news). */
export interface PublicationInput {
  status: PublicationStatus;
  publishAt?: string | null | undefined;
}

type StoredState = { status: string; publish_at: string | null; published_at: string | null };

/** Public at `nowIso`: published, or scheduled for then or before (ISO strings in UTC sort as time). */
export function isPublicAt(row: { status: string; publish_at: string | null }, nowIso: string): boolean {
  return (
    row.status === 'published' ||
    (row.status === 'scheduled' && row.publish_at !== null && row.publish_at <= nowIso)
  );
}

/**
 * The state an admin reads: a scheduled entry whose time has come reads as published (it is), with the
 * time it became public.
 */
export function publicationOf(row: StoredState, nowIso: string): Publication {
  const status = row.status as PublicationStatus;
  return {
    status: status === 'scheduled' && isPublicAt(row, nowIso) ? 'published' : status,
    publishAt: status === 'scheduled' ? row.publish_at : null,
    publishedAt: status === 'draft' ? null : row.published_at,
  };
}

/**
 * The publication columns a write stores. A draft has no date. A scheduled entry is dated its time. A
 * published one keeps the date it first became public when it already was (an edit does not move it),
 * else it is public from now.
 */
export function publicationColumns(
  input: PublicationInput,
  previous: StoredState | undefined,
  now: Date,
): PublicationColumns {
  const nowIso = now.toISOString();
  if (input.status === 'draft') return { status: 'draft', publish_at: null, published_at: null };
  if (input.status === 'scheduled') {
    const at = input.publishAt ?? nowIso;
    return { status: 'scheduled', publish_at: at, published_at: at };
  }
  const since = previous && isPublicAt(previous, nowIso) ? previous.published_at : null;
  return { status: 'published', publish_at: null, published_at: since ?? nowIso };
}

/** The banner above a preview: whether the page is public, and when it will be. */
export function previewBanner(publication: Partial<Publication>): string {
  if (publication.status === 'published') return 'Vista previa: esta página ya es pública.';
  if (publication.status === 'scheduled' && publication.publishAt)
    return `Vista previa: esta página aún no es pública. Se publicará el ${clock.formatLong(publication.publishAt)} (hora de la Ciudad de México).`;
  return 'Vista previa: esta página aún no es pública (borrador).';
}
