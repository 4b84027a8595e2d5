// Every text a visitor or the association reads from validation and API errors, in one place.
export const messages = {
  required: 'Este campo es requerido',
  emailFormat: 'El campo no cumple con el formato valido de correo',
  phoneDigits: 'El campo solo admite 10 numeros',
  membershipType: 'Elige un tipo de membresía: Individual, Corporativa o Estudiantil',
  maxLength: (max: number) => `El campo admite como máximo ${max} caracteres`,
  tooMany: (max: number) => `Se admiten como máximo ${max} elementos`,
  url: 'Debe ser una dirección https:// o una ruta del sitio que empiece con /',
  httpsUrl: 'Debe ser una dirección que empiece con https://',
  isoDate: 'Debe ser una fecha y hora ISO 8601, por ejemplo 2026-03-08T17:00:00Z',
  publishAtRequired: 'Indica la fecha y hora en que se publicará',
  publicationStatus: 'Debe ser borrador, programado o publicado',
  unknownField: 'Este campo no se admite',
  invalidValue: 'Valor no válido',
} as const;

export const apiMessages = {
  validation: 'Revisa los campos marcados.',
  invalidJson: 'El cuerpo de la petición no es JSON válido.',
  unsupportedMediaType: 'El tipo de contenido no es compatible; envía application/json.',
  payloadTooLarge: 'La petición es demasiado grande.',
  /** A form page posted in a way no form of the site posts (a 415 on a form's own address). */
  formUnsupported: 'No pudimos leer el formulario. Vuelve a enviarlo desde esta página.',
  notFound: 'No encontramos lo que buscas.',
  unauthorized: 'Inicia sesión como administradora para hacer esto.',
  sessionExpired: 'Tu sesión expiró. Inicia sesión de nuevo para continuar.',
  badCredentials: 'Correo o contraseña incorrectos.',
  csrf: 'La sesión del formulario caducó o no es válida. Recarga la página e inténtalo de nuevo.',
  crossSite: 'Solo aceptamos solicitudes enviadas desde los formularios de este sitio.',
  rateLimited: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  serviceUnavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.',
  internal: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
  httpsRequired:
    'El inicio de sesión necesita una conexión HTTPS. Entra por https://; si el sitio está detrás de un proxy con HTTPS, el servidor necesita TRUST_PROXY (por ejemplo TRUST_PROXY=1).',
} as const;

/** What the admin's own forms say: dates, retention, passwords. */
export const adminMessages = {
  isoDay: 'Usa el formato AAAA-MM-DD',
  noSuchDay: 'Esa fecha no existe en el calendario',
  requestStatus: 'Elige nueva, atendida o archivada',
  retentionNumber: 'Escribe un número de días',
  retentionInteger: 'Escribe un número entero de días',
  retentionMin: 'Al menos 1 día',
  retentionMax: (max: number) => `Como máximo ${max} días`,
  passwordTooShort: (min: number) => `La contraseña debe tener al menos ${min} caracteres`,
  passwordTooLong: 'La contraseña es demasiado larga',
} as const;

/** The second factor's texts, for the login, the set-up and the routes that require it. */
export const secondFactorMessages = {
  codeRequired: 'Escribe el código de tu aplicación o un código de recuperación',
  badCode: 'El código no es válido o ya se usó. Revisa la hora de tu teléfono e inténtalo de nuevo.',
  loginExpired: 'Pasó demasiado tiempo. Vuelve a escribir tu correo y contraseña.',
  setupRequired: 'Antes de continuar, activa la verificación en dos pasos en «Mi cuenta».',
  noSetupStarted: 'Vuelve a empezar la activación: el código QR anterior ya no es válido.',
  alreadyOn: 'La verificación en dos pasos ya está activada.',
  alreadyOff: 'La verificación en dos pasos no está activada.',
  mandatory: 'La verificación en dos pasos es obligatoria para todas las administradoras.',
  wrongPassword: 'La contraseña actual no es correcta',
  enrolmentExpired:
    'Esta cuenta no activó la verificación en dos pasos a tiempo. Pide a otra administradora que la cree de nuevo.',
} as const;

/** A forgotten password (a link by mail) and the password asked again before a sensitive change. */
export const recoveryMessages = {
  resetSent:
    'Si ese correo pertenece a una cuenta de administración, en unos minutos llegará un enlace para elegir una contraseña nueva. El enlace dura 30 minutos.',
  resetLinkInvalid:
    'Este enlace para restablecer la contraseña ya se usó o venció (dura 30 minutos). Pide uno nuevo desde «¿Olvidaste tu contraseña?».',
  stepUpRequired: 'Por seguridad, vuelve a escribir tu contraseña para hacer este cambio.',
  wrongPassword: 'La contraseña no es correcta',
} as const;

/** The privacy rights' texts: the ARCO form, the admin's ARCO section and the person search. */
export const privacyMessages = {
  right: 'Elige el derecho que quieres ejercer',
  status: 'Elige recibida, en trámite, respondida o concluida',
  alreadyBlocked: 'Los datos de esta persona ya están cancelados.',
} as const;

/** Event registration's settings (the admin's event form); the sign-up's texts are in registration-messages.ts. */
export const registrationSettingsMessages = {
  capacity: 'Escribe un número entero de lugares (al menos 1) o deja vacío para no limitar',
} as const;

/** The newsletter: its forms, pages and admin. */
export const newsletterMessages = {
  emptyHtml: 'Escribe el contenido del boletín',
  alreadySent: 'Este boletín ya se envió o se está enviando.',
  unknownLink: 'Este enlace no es válido o ya caducó.',
} as const;
