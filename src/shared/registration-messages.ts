/**
 * The sign-up's Spanish texts: the form on the event page, the API's refusals, the pages without
 * script. Apart from messages.ts so that the form's chunk alone carries them (a module the form shared
 * with the other forms would become a chunk of its own, listed in every first load).
 */
export const registrationMessages = {
  closed: 'El registro para este evento está cerrado.',
  started: 'Este evento ya comenzó; el registro está cerrado.',
  seatsLeft: (count: number) => (count === 1 ? 'Queda 1 lugar' : `Quedan ${count} lugares`),
  full: 'El cupo está lleno: si te registras, entras a la lista de espera y te avisamos si se libera un lugar.',
  confirmed:
    'Tu lugar está confirmado. Te enviamos un correo con los detalles y el archivo para tu calendario.',
  waitlisted: (position: number) =>
    `El cupo está lleno: quedaste en la lista de espera, en el lugar ${position}. Te avisaremos por correo si se libera un lugar.`,
  /** The box of the request forms, word for word. */
  newsletterOptIn: 'Quiero recibir el boletín (te enviaremos un correo para confirmarlo)',
  again: 'Ya tenías un registro para este evento; te reenviamos el correo con el enlace para administrarlo.',
} as const;
