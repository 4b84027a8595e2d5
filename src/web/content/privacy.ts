import { pagePaths } from '../../shared/api-paths.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy.ts';
import { identity } from './identity.ts';

/** "25 de noviembre de 2026": the notice's version (its date, src/shared/privacy.ts) as people read it. */
function versionDate(version: string): string {
  const [year, month, day] = version.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('es-MX', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day, 12)));
}

/** One section of the notice; `id` gives it an address (`/AvisoDePrivacidad#boletin`). */
export interface NoticeSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
  /** A link after the paragraphs (the ARCO page). */
  link?: { text: string; to: string };
}

/**
 * The privacy notice (aviso de privacidad integral) required by the Ley Federal de Protección de Datos
 * Personales en Posesión de los Particulares (published 20 March 2025). Text in square brackets is a
 * placeholder the association must fill in before going live. Its version is PRIVACY_NOTICE_VERSION:
 * change that date with the text, so every consent recorded from then on names this version.
 */
export const privacyNotice = {
  title: 'Aviso de privacidad',
  version: PRIVACY_NOTICE_VERSION,
  updated: versionDate(PRIVACY_NOTICE_VERSION),
  intro:
    `${identity.name} (“la Asociación”) protege los datos personales que nos confías. Este aviso explica qué ` +
    'datos recabamos a través de este sitio, para qué los usamos, cuánto tiempo los conservamos, con quién ' +
    'los compartimos y cómo puedes ejercer tus derechos.',
  sections: [
    {
      id: 'responsable',
      heading: '1. Responsable de tus datos',
      paragraphs: [
        `${identity.name}, asociación civil, con domicilio en [calle, número, colonia, código postal], ` +
          `${identity.city}, es responsable del tratamiento de tus datos personales.`,
        `Para cualquier duda sobre este aviso escríbenos a ${identity.emails.general}. Para ejercer tus ` +
          'derechos usa el formulario de derechos ARCO (sección 7).',
      ],
    },
    {
      id: 'datos',
      heading: '2. Datos que recabamos en cada formulario',
      paragraphs: ['Solo pedimos lo necesario para cada trámite:'],
      list: [
        'Formulario de contacto: nombre completo, empresa u organización, puesto, correo electrónico y teléfono.',
        'Solicitud de membresía: los mismos datos y el tipo de membresía que te interesa (Individual, ' +
          'Corporativa o Estudiantil).',
        'Formulario de derechos ARCO: nombre completo, correo electrónico, el derecho que quieres ejercer y ' +
          'la descripción de tu solicitud.',
        'Registro a eventos y boletín: ver las secciones 10 y 11; socias: sección 12.',
        'Reporte de una barrera de accesibilidad (página de accesibilidad): la dirección o el nombre de la ' +
          'página, la descripción de lo que pasó y, si quieres que te respondamos, tu correo electrónico ' +
          '(es opcional; sin él el reporte no se relaciona con ninguna persona).',
      ],
    },
    {
      id: 'finalidades-necesarias',
      heading: '3. Finalidades necesarias',
      paragraphs: ['Usamos tus datos para las siguientes finalidades, necesarias para atender tu solicitud:'],
      list: [
        'responder tu mensaje o tu solicitud de membresía;',
        'evaluar tu solicitud y, en su caso, darte de alta como socia y administrar tu membresía;',
        'enviarte la confirmación de que recibimos tu solicitud;',
        'atender tus solicitudes de derechos ARCO y demostrar cómo las atendimos;',
        'corregir las barreras de accesibilidad que nos reportas y, si nos dejas tu correo, responderte;',
        'proteger el sitio contra abusos (sección 9).',
      ],
    },
    {
      id: 'finalidades-voluntarias',
      heading: '4. Finalidades voluntarias',
      paragraphs: [
        'Con tu consentimiento expreso también podemos enviarte nuestro boletín e invitarte a eventos, ' +
          'talleres y programas de mentoría. Cada finalidad voluntaria tiene su propia casilla, que aparece sin ' +
          'marcar: solo la registramos si la marcas. Negarte no afecta la atención de tu solicitud, y puedes ' +
          'revocar tu consentimiento en cualquier momento (sección 7).',
      ],
    },
    {
      id: 'consentimiento',
      heading: '5. Cómo registramos tu consentimiento',
      paragraphs: [
        'Cada formulario muestra junto a su botón un aviso simplificado con un enlace a este aviso. Al ' +
          'enviarlo consientes el tratamiento de tus datos para las finalidades necesarias. Guardamos el ' +
          'registro de ese consentimiento: tu correo, la finalidad, el formulario, la fecha y la versión de este ' +
          'aviso que estaba publicada, y, en su caso, la fecha en que lo revocaste.',
      ],
    },
    {
      id: 'transferencias',
      heading: '6. Con quién compartimos tus datos',
      paragraphs: [
        'No vendemos ni cedemos tus datos. Solo los compartimos con quienes nos prestan servicios de correo ' +
          'electrónico y alojamiento del sitio, que los tratan por nuestra cuenta y bajo nuestras instrucciones, ' +
          'y con autoridades cuando una ley lo exija.',
      ],
    },
    {
      id: 'derechos-arco',
      heading: '7. Tus derechos ARCO y cómo ejercerlos',
      paragraphs: [
        'Tienes derecho a conocer qué datos tenemos de ti (Acceso), a corregirlos (Rectificación), a pedir que ' +
          'los eliminemos (Cancelación), a oponerte a su uso para fines específicos (Oposición) y a revocar tu ' +
          'consentimiento.',
        'Envía tu solicitud con el formulario de derechos ARCO de este sitio. Al enviarla recibes un folio y, ' +
          'por correo, la fecha en que te responderemos: a más tardar en 20 días hábiles; si la solicitud ' +
          'procede, la haremos efectiva dentro de los 15 días hábiles siguientes a la respuesta. Contamos de ' +
          'lunes a viernes, sin los días de descanso obligatorio, en la hora del centro de México. Podemos ' +
          'pedirte que acredites tu identidad (o la de tu representante). El trámite es gratuito.',
        'Si pides la cancelación, bloqueamos tus datos de inmediato: dejan de aparecer en nuestras listas y ' +
          'no te enviamos más correos. Tras un periodo de bloqueo de 30 días los eliminamos; solo conservamos la ' +
          'prueba de tu consentimiento y de su revocación, con tu correo sustituido por una huella cifrada ' +
          'que no permite recuperarlo.',
      ],
      link: { text: 'Ir al formulario de derechos ARCO', to: pagePaths.derechosArco },
    },
    {
      id: 'conservacion',
      heading: '8. Cuánto tiempo conservamos tus datos',
      paragraphs: ['Eliminamos los datos cuando ya no los necesitamos:'],
      list: [
        'mensajes de contacto y solicitudes de membresía: un año después de su último cambio, salvo que la ' +
          'Asociación fije otro plazo; las que nadie ha atendido se señalan al equipo a los 30 días;',
        'envíos detectados como correo no deseado: 30 días;',
        'reportes de barreras de accesibilidad: como los mensajes de contacto, un año después de su último cambio;',
        'solicitudes de derechos ARCO: se conservan como prueba de su atención; si se cancelan tus datos, ' +
          'sin tu nombre, tu descripción ni tu correo;',
        'registro de consentimientos: mientras tratemos tus datos y, después, solo como prueba (sección 7);',
        'registro de actividad del equipo administrador: dos años;',
        'datos de las socias: mientras dure la membresía; sus pagos y recibos, cinco años (sección 12).',
      ],
    },
    {
      id: 'registros-del-servidor',
      heading: '9. Registros del servidor',
      paragraphs: [
        'Por seguridad, el servidor del sitio anota la dirección IP desde la que se hace cada solicitud, la ' +
          'página pedida (sin los datos de búsquedas ni formularios) y la hora. Nos sirve para limitar los ' +
          'intentos abusivos y detectar ataques. Estos registros se guardan en el servidor de la Asociación ' +
          '[proveedor de alojamiento y país] durante un máximo de 90 días y después se borran.',
      ],
    },
    {
      id: 'registros-a-eventos',
      heading: '10. Registro a eventos',
      paragraphs: [
        'Cuando te registras a un evento desde este sitio guardamos tu nombre completo, tu correo ' +
          'electrónico, el evento, la fecha y hora de tu registro, tu estado (lugar confirmado, lista de ' +
          'espera o cancelado), tu lugar en la lista de espera y, si asistes, la hora en que se registró tu ' +
          'llegada.',
        'Los usamos solo para administrar tu lugar en el evento: enviarte la confirmación con el archivo ' +
          'para tu calendario, avisarte si pasas de la lista de espera a un lugar confirmado, enviarte un ' +
          'recordatorio antes del evento y registrar tu asistencia en la entrada. Enviar el formulario ' +
          'significa que aceptas este aviso para esas finalidades. La página pública del evento nunca muestra ' +
          'quién se registró; solo el equipo administrador ve la lista.',
        'Puedes cancelar tu registro en cualquier momento desde el enlace de tu correo. Eliminamos los ' +
          'registros de cada evento 90 días después de su fecha (o el plazo que la Asociación tenga ' +
          'configurado).',
        'Constancias y encuesta: si asististe, dos horas después del inicio te enviamos un correo con tu ' +
          'constancia de participación (cuando el evento la emite) y una encuesta breve. La constancia lleva tu ' +
          'nombre como lo escribiste, el evento, su fecha, las horas y un folio; cualquiera que tenga el folio ' +
          'puede comprobar en este sitio su nombre, evento, fecha, horas y si está vigente. De la encuesta ' +
          'guardamos tu calificación, si recomendarías el evento y tu comentario; el equipo ve los resultados ' +
          'sin tu nombre, salvo que marques la casilla “Pueden citar mi nombre”, que registramos como un ' +
          'consentimiento. Si cancelas tus datos, tu constancia queda revocada y tu respuesta se conserva sin ' +
          'tu correo ni tu nombre.',
      ],
    },
    {
      id: 'boletin',
      heading: '11. Boletín',
      paragraphs: [
        'Boletín: solo te lo enviamos si lo pides, con el formulario del pie de página o marcando la casilla ' +
          '“Quiero recibir el boletín” de los formularios, y después de que confirmes tu suscripción con el ' +
          'enlace que te enviamos por correo. Para él usamos tu correo electrónico y, si nos lo das, tu nombre; ' +
          'registramos cuándo lo confirmaste, desde qué formulario y con qué versión de este aviso. Puedes ' +
          'darte de baja en cualquier momento con el enlace “Darte de baja” de cada boletín, que funciona con ' +
          'un solo clic y sin iniciar sesión.',
        'La lista del boletín: una suscripción que no se confirma se borra a los 30 días; la de quien está ' +
          'suscrita se conserva mientras lo esté. Al darte de baja dejamos de enviarte el boletín al ' +
          'instante y solo guardamos tu correo con la fecha de la baja, para no volver a escribirte, hasta ' +
          'que pidas su cancelación.',
      ],
    },
    {
      id: 'socias',
      heading: '12. Socias',
      paragraphs: [
        'De cada socia guardamos su nombre, correo, teléfono, organización y puesto, su plan y número de socia, ' +
          'las fechas de su membresía, el historial de cambios (aprobación, pagos, bajas), sus pagos y recibos, ' +
          'los recordatorios de renovación que le enviamos y, en la membresía estudiantil, su comprobante de ' +
          'estudios, que borramos al decidir su solicitud. Los usamos para administrar su membresía: aprobarla, ' +
          'registrar sus cuotas, emitir sus recibos y recordarle la renovación.',
        'Directorio de socias: solo aparece quien lo elige en su página de socia, con los datos que marca ' +
          '(nombre, organización, puesto, perfil de LinkedIn) y mientras su membresía esté activa o en periodo de ' +
          'gracia. Registramos esa elección como un consentimiento, que se retira al desmarcarla.',
        'Los pagos y recibos son registros contables: la ley fiscal pide conservarlos cinco años. Si cancelas ' +
          'tus datos, borramos los demás y bloqueamos los recibos (con el nombre que llevan) hasta que se cumplan ' +
          'esos cinco años; después también se borran.',
      ],
    },
    {
      id: 'cookies',
      heading: '13. Cookies',
      paragraphs: [
        'Este sitio solo usa cookies técnicas, necesarias para que los formularios sean seguros (protección ' +
          'contra solicitudes falsificadas) y para la sesión del equipo administrador. No usamos cookies de ' +
          'publicidad ni de rastreo.',
      ],
    },
    {
      id: 'cambios',
      heading: '14. Cambios a este aviso',
      paragraphs: [
        'Cualquier cambio a este aviso se publicará en esta misma página, con la fecha de su versión al inicio. ' +
          'Cada consentimiento queda registrado con la versión vigente al momento de darlo.',
      ],
    },
  ] as readonly NoticeSection[],
};

/**
 * The short notice (aviso de privacidad simplificado) every form shows beside its button: who is
 * responsible, what this form's data are for, and where the full notice and the ARCO form are.
 */
export const shortNotice = {
  heading: 'Aviso de privacidad simplificado',
  responsible: `${identity.name} es responsable de tus datos personales.`,
  purposeLead: 'Los usamos para',
  rest:
    'No los vendemos ni los compartimos, salvo con quienes nos prestan servicios de correo y alojamiento. ' +
    'Al enviar este formulario aceptas este tratamiento.',
  fullNoticeLead: 'Consulta el',
  fullNotice: 'aviso de privacidad integral',
  arcoLead: 'o ejerce tus',
  arco: 'derechos ARCO',
} as const;

/** What each form's data are for, as its short notice says it. */
export const formPurposes = {
  contacto: 'responder tu mensaje y enviarte la confirmación de que lo recibimos.',
  membresia: 'evaluar tu solicitud de membresía, responderte y, en su caso, administrar tu membresía.',
  arco: 'atender tu solicitud de derechos ARCO, responderte y conservar la prueba de cómo la atendimos.',
  barrera:
    'corregir la barrera que nos reportas y, si nos dejas tu correo, responderte y enviarte la confirmación de ' +
    'que recibimos tu reporte.',
} as const;

/** The ARCO page's texts (/DerechosARCO). */
export const arcoPage = {
  title: 'Derechos ARCO',
  intro:
    'Aquí puedes pedir acceso a los datos personales que tenemos de ti, corregirlos, cancelarlos, oponerte a ' +
    'su uso o revocar tu consentimiento. Recibirás un folio al enviar y un correo con la fecha en que te ' +
    'responderemos: a más tardar en 20 días hábiles.',
  rights: {
    acceso: 'Saber qué datos tenemos de ti y cómo los usamos.',
    rectificacion: 'Corregir datos inexactos o incompletos.',
    cancelacion: 'Que eliminemos tus datos: primero los bloqueamos y después los borramos.',
    oposicion: 'Que dejemos de usar tus datos para un fin concreto.',
    revocacion: 'Retirar el consentimiento que nos diste (por ejemplo, para el boletín).',
  },
  formTitle: 'Tu solicitud',
  labels: {
    right: 'Derecho que quieres ejercer',
    details: 'Describe tu solicitud',
  },
  detailsHint:
    'Indica qué datos y, si aplica, qué corrección o qué uso. No incluyas documentos de identidad aquí.',
  submit: 'Enviar solicitud',
  sending: 'Enviando…',
  receivedTitle: 'Recibimos tu solicitud',
  folioLabel: 'Tu folio',
  dueLead: 'Te responderemos a más tardar el',
  mailNote: 'Te enviamos un correo con estos datos. Menciona el folio si nos escribes sobre esta solicitud.',
  refusedTitle: 'No pudimos enviar tu solicitud',
  another: 'Enviar otra solicitud',
} as const;
