import { formatDueDay } from '../../../shared/arco.ts';
import { clock } from '../../../shared/clock.ts';
import { identity } from '../../content/identity.ts';

// The texts of the accessibility statement (/Accesibilidad). Text in square brackets is for the
// association to fill in, as in the privacy notice.

/** The last automatic check, written into the bundle at build time (vite.config.ts, scripts/axe-record.ts). */
export interface AxeRecord {
  checkedAt: string;
  pages: string[];
}

// Replaced by the build; absent where no build ran (unit tests), which reads as no record.
declare const __AXE_RECORD__: AxeRecord | null | undefined;

export function lastAutomaticCheck(): AxeRecord | null {
  return typeof __AXE_RECORD__ === 'undefined' ? null : __AXE_RECORD__;
}

/** "jueves 3 de diciembre de 2026": the check's day on the association's clock. */
export const checkDay = (record: AxeRecord) => formatDueDay(clock.day(record.checkedAt) ?? '');

export const statement = {
  title: 'Declaración de accesibilidad',
  intro:
    `En ${identity.name} queremos que cualquier persona pueda informarse, registrarse a nuestros eventos, ` +
    'hacerse socia y ejercer sus derechos en este sitio, use la pantalla, el teclado, un lector de pantalla, ' +
    'una ampliación o una conexión lenta.',
  commitment: {
    heading: 'Nuestro compromiso',
    paragraphs: [
      'Diseñamos, construimos y revisamos cada página y cada formulario del sitio pensando en la ' +
        'accesibilidad, y corregimos las barreras que encontramos o que nos reportas.',
    ],
  },
  target: {
    heading: 'Objetivo y estado actual',
    paragraphs: [
      'Nuestro objetivo es cumplir las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.2 en su nivel AA.',
      'Estado: parcialmente conforme. Las páginas y formularios públicos se revisan en cada cambio, pero ' +
        'ninguna auditoría externa ha confirmado aún la conformidad completa, y conocemos estos límites:',
    ],
    limits: [
      'Las descripciones de las imágenes de noticias, eventos y aliadas las escribe el equipo al publicarlas; ' +
        'alguna imagen antigua puede no tenerla.',
      'El video de presentación se reproduce en YouTube, que no depende de nosotros; sus subtítulos son los ' +
        'automáticos de YouTube.',
      'Los recibos y constancias en PDF se generan automáticamente y no están etiquetados para lectores de ' +
        'pantalla: si necesitas uno en otro formato, pídenoslo.',
      'El panel de administración del equipo se revisa con las mismas pruebas automáticas, pero no con ' +
        'lectores de pantalla en todas sus pantallas.',
      'Las pruebas automáticas encuentran solo una parte de las barreras posibles: por eso también ' +
        'revisamos a mano y te pedimos que nos avises.',
    ],
  },
  tested: {
    heading: 'Con qué lo probamos',
    list: [
      'Pruebas automáticas: Chromium (el motor de Chrome y Edge) en computadora y en un ancho de teléfono ' +
        '(390 px), con JavaScript y sin él.',
      'Revisión manual: las versiones actuales de Chrome, Firefox y Safari; con teclado; y con los lectores ' +
        'de pantalla NVDA (Windows, con Firefox), VoiceOver (macOS y iPhone, con Safari) y TalkBack (Android, ' +
        'con Chrome).',
      'Última revisión manual: [fecha de la última revisión manual].',
    ],
  },
  checks: {
    heading: 'Cómo lo revisamos',
    paragraphs: [
      'Cada prueba del sitio en el navegador termina con una revisión automática con axe-core, que falla ante ' +
        'cualquier problema grave o crítico. La fecha y las páginas ' +
        'de la última revisión se escriben en esta página al construir el sitio.',
    ],
    lastLead: 'Última revisión automática:',
    pagesLead: 'Páginas revisadas en ella:',
    none: 'Todavía no hay registrada ninguna revisión automática en esta versión del sitio.',
  },
  report: {
    heading: 'Reporta una barrera',
    paragraphs: [
      'Si algo del sitio no te funciona o te cuesta trabajo usarlo, cuéntanos dónde y qué pasó. Si nos dejas ' +
        'tu correo te responderemos en un máximo de 10 días hábiles; también puedes escribirnos a ' +
        `${identity.emails.general}.`,
    ],
    formTitle: 'Tu reporte',
  },
} as const;
