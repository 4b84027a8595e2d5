/** The members list's filters in the API's names; "vence en 30 días" is `endsWithinDays=30`. */
export function memberQuery(filter: Record<string, unknown> = {}): Record<string, unknown> {
  const { ending, ...rest } = filter;
  return { ...rest, endsWithinDays: ending ? 30 : undefined };
}
