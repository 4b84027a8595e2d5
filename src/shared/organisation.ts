/**
 * The association's name, which the server needs too (e-mails, the events calendar). A placeholder
 * until the association provides its own; the web's content/identity.ts reads it from here.
 */
export const organisation = {
  name: 'Mujeres en Energía Renovable',
  shortName: 'MER',
} as const;
