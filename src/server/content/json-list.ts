/** JSON list columns: stored as text on both dialects. */
export const toJsonList = (values: readonly string[]) => JSON.stringify(values);

export function fromJsonList(text: string): string[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : [];
}
