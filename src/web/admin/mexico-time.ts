export const MEXICO_CITY = 'America/Mexico_City';

const parts = (date: Date) => {
  const values = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: MEXICO_CITY,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return values as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
};

/** A UTC timestamp as a datetime-local value ("2027-03-08T11:00") on Mexico City's clock. */
export function utcToMexicoLocal(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * A datetime-local value read on Mexico City's clock, as a UTC timestamp. The offset is the one the
 * zone has at that moment, so it stays right whatever the rules are (and whatever the device's zone).
 */
export function mexicoLocalToUtc(local: unknown): string {
  if (typeof local !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return '';
  const asIfUtc = Date.parse(`${local.slice(0, 16)}:00Z`);
  // The zone's offset at that wall-clock time: render the guess and see how far off it lands.
  const guess = new Date(asIfUtc);
  const shown = Date.parse(`${utcToMexicoLocal(guess.toISOString())}:00Z`);
  const offset = shown - asIfUtc;
  return new Date(asIfUtc - offset).toISOString();
}

const readable = new Intl.DateTimeFormat('es-MX', {
  timeZone: MEXICO_CITY,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** "8 mar 2027, 11:00": a timestamp as the association reads it. */
export function formatMexicoTime(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : readable.format(date);
}
