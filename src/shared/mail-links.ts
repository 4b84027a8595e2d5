/**
 * A `mailto:` href for one address. The local part and the domain are encoded apart (the `@` stays
 * readable), so nothing in the address can add a query, a fragment or another recipient.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return `mailto:${encodeURIComponent(address)}`;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
