/**
 * Whether an If-None-Match header names this ETag: `*`, or one of a comma-separated list, compared
 * weakly (a `W/` prefix on either side is ignored), as RFC 9110 asks for GET and HEAD.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || opaque(trimmed) === wanted;
  });
}
