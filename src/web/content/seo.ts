import { arcoPaths, pagePaths, pageRouteOf, requestPaths } from '../../shared/api-paths.ts';
import { GENERIC_SHARE_CARD, SHARE_CARD } from '../../shared/share-cards.ts';
import { identity } from './identity.ts';

/** What search engines and link previews show for each page. */
export interface PageMeta {
  title: string;
  description: string;
}

export const pageMeta: Record<string, PageMeta> = {
  [pagePaths.inicio]: {
    title: 'Inicio',
    description:
      'Impulsamos el liderazgo de las mujeres en las energías renovables en México: eventos, mentorías, ' +
      'noticias y una red de socias que transforma el sector.',
  },
  [pagePaths.membresias]: {
    title: 'Membresías',
    description:
      'Hazte socia: membresías Individual, Corporativa y Estudiantil con mentorías, eventos, networking y ' +
      'bolsa de trabajo en energías renovables.',
  },
  [pagePaths.socias]: {
    title: 'Socias',
    description:
      'Conoce a las fundadoras, al consejo y a las socias que impulsan una transición energética justa.',
  },
  [pagePaths.aportaciones]: {
    title: 'Transparencia y aportaciones',
    description:
      'Cómo usamos cada aportación: programas de empoderamiento, proyectos sostenibles, educación y gastos ' +
      'operativos.',
  },
  // Where a request form posted without script lands.
  [requestPaths.sent]: { title: 'Enviado con éxito', description: 'Tu solicitud llegó a la asociación.' },
  [requestPaths.send]: { title: 'Error en el envío', description: 'Revisa los datos de tu solicitud.' },
  // The newsletter's pages (the links in its mails open the two with a token), as in newsletterPaths,
  // written out so that the title of a page does not load the newsletter's paths (checked by a test).
  ['/Boletin']: {
    title: 'Boletín',
    description: 'Suscríbete al boletín: noticias, eventos y oportunidades de la asociación en tu correo.',
  },
  ['/Boletin/Pendiente']: {
    title: 'Revisa tu correo',
    description: 'Confirma tu suscripción al boletín.',
  },
  ['/Boletin/confirmar/:token']: {
    title: 'Confirmar suscripción',
    description: 'Confirma tu suscripción al boletín.',
  },
  ['/Boletin/Confirmada']: { title: 'Suscripción confirmada', description: 'Ya recibirás el boletín.' },
  ['/Boletin/baja/:token']: { title: 'Darte de baja', description: 'Deja de recibir el boletín.' },
  ['/Boletin/BajaConfirmada']: { title: 'Baja confirmada', description: 'Ya no recibirás el boletín.' },
  [pagePaths.avisoPrivacidad]: {
    title: 'Aviso de privacidad',
    description: 'Qué datos personales recabamos, para qué los usamos y cómo ejercer tus derechos ARCO.',
  },
  [pagePaths.derechosArco]: {
    title: 'Derechos ARCO',
    description:
      'Pide acceso, rectificación, cancelación u oposición sobre tus datos personales, o revoca tu ' +
      'consentimiento: recibes un folio y la fecha de respuesta.',
  },
  [arcoPaths.received]: {
    title: 'Solicitud recibida',
    description: 'Recibimos tu solicitud de derechos ARCO.',
  },
  // The accessibility statement (src/shared/barriers.ts, barrierPaths, written out as above).
  ['/Accesibilidad']: {
    title: 'Accesibilidad',
    description:
      'Nuestro compromiso con la accesibilidad (WCAG 2.2 AA), cómo revisamos el sitio y cómo reportarnos ' +
      'una barrera: te respondemos en un máximo de 10 días hábiles.',
  },
  ['/Accesibilidad/Enviado']: {
    title: 'Reporte recibido',
    description: 'Recibimos tu reporte de una barrera de accesibilidad.',
  },
  // A member's own pages (src/shared/api-paths.ts, memberPageRoutes), never indexed.
  ['/Socia']: {
    title: 'Tu página de socia',
    description: 'Recibe por correo el enlace a tu página de socia.',
  },
  ['/Socia/:token']: {
    title: 'Tu membresía',
    description: 'Tu estado, tus recibos, tu renovación y tu ficha en el directorio de socias.',
  },
  ['/Socia/invitacion/:token']: {
    title: 'Invitación a ser socia',
    description: 'Acepta tu lugar en una membresía corporativa.',
  },
  // The sign-up's pages (src/shared/registration-paths.ts), never indexed.
  ['/RegistroEnviado']: { title: 'Registro al evento', description: 'Tu registro al evento.' },
  ['/Eventos/registro/:id']: { title: 'Registro al evento', description: 'Regístrate en el evento.' },
  ['/Registro/:token']: {
    title: 'Tu registro',
    description: 'Tu registro al evento: tu lugar, tu pase para la entrada y cómo cancelarlo.',
  },
  ['/admin/asistencia/:id']: { title: 'Asistencia', description: 'Registro de asistencia al evento.' },
  // A certificate's verification and the survey after an event (src/shared/certificates.ts).
  ['/Constancias/:folio']: {
    title: 'Verificación de constancia',
    description: 'Comprueba que una constancia de participación es auténtica y está vigente.',
  },
  ['/Encuesta/:token']: {
    title: 'Encuesta del evento',
    description: 'Cuéntanos qué te pareció el evento.',
  },
};

/** The document title of a route, in Spanish. */
export function documentTitle(pathname: string): string {
  const page = pageMeta[pathname] ?? pageMeta[pageRouteOf(pathname)];
  return page ? `${page.title} | ${identity.name}` : identity.name;
}

/** The document title of a news entry's or an event's own page. */
export const itemDocumentTitle = (name: string) => `${name} | ${identity.name}`;

/** The picture link previews show of a page without an entry of its own: the site's generic card. */
export const shareImage = {
  src: GENERIC_SHARE_CARD,
  type: SHARE_CARD.type,
  width: SHARE_CARD.width,
  height: SHARE_CARD.height,
  alt: identity.tagline,
};
