/**
 * The association's name, which the server needs too (e-mails, the events calendar). A placeholder
 * until the association provides its own; the web's content/identity.ts reads it from here.
 *
 * `timeZone` is the association's clock: every calendar day, month, "upcoming" and displayed time of
 * the site, its e-mails, its calendar feed and its admin is read in it (src/shared/clock.ts).
 */
export const organisation = {
  name: 'Mujeres en Energía Renovable',
  shortName: 'MER',
  timeZone: 'America/Mexico_City',
  /** How e-mails name that clock next to a time. */
  timeZoneLabel: 'hora del centro de México',
} as const;
