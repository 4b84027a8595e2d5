import { clock, type CalendarDate } from '../../shared/clock.ts';
import type { EventValues } from './events.repository.ts';
import type { NewsValues } from './news.repository.ts';
import type { PartnerValues } from './partners.repository.ts';

/**
 * Demo content for a new installation: fictional events, news and members, written in Spanish.
 * Event dates are placed relative to `now` (this month and the next three), so the calendar is never empty.
 */

interface EventSeed {
  monthOffset: number;
  day: number;
  /** On the association's clock, 24 h. */
  hour: number;
  name: string;
  location: string;
  description: string;
  slug: string;
}

const EVENT_SEEDS: EventSeed[] = [
  {
    monthOffset: 0,
    day: 26,
    hour: 10,
    name: 'Taller: Introducción a la energía solar fotovoltaica',
    location: 'Ciudad de México',
    slug: 'taller-solar',
    description:
      'Un taller práctico para conocer cómo funciona un sistema fotovoltaico, desde la celda hasta la conexión a la red. ' +
      'Revisaremos casos reales de instalaciones residenciales y comerciales, haremos cálculos de dimensionamiento en equipo ' +
      'y cerraremos con una conversación sobre las oportunidades laborales para mujeres en el sector solar mexicano.',
  },
  {
    monthOffset: 0,
    day: 26,
    hour: 18,
    name: 'Café de networking: mujeres en proyectos eólicos',
    location: 'Monterrey, Nuevo León',
    slug: 'cafe-eolico',
    description:
      'Encuentro informal para compartir experiencias en el desarrollo de parques eólicos y conocer a colegas de la región.',
  },
  {
    monthOffset: 1,
    day: 4,
    hour: 9,
    name: 'Foro de liderazgo en transición energética justa',
    location: 'Guadalajara, Jalisco',
    slug: 'foro-liderazgo',
    description:
      'Paneles con directivas del sector sobre cómo construir equipos diversos y una transición energética que no deje a nadie atrás.',
  },
  {
    monthOffset: 1,
    day: 15,
    hour: 17,
    name: 'Webinar: financiamiento verde para emprendedoras',
    location: 'En línea',
    slug: 'webinar-financiamiento',
    description:
      'Conoce los instrumentos de financiamiento disponibles para proyectos de energía limpia encabezados por mujeres.',
  },
  {
    monthOffset: 1,
    day: 15,
    hour: 19,
    name: 'Mentoría grupal: tu primer año en el sector energético',
    location: 'En línea',
    slug: 'mentoria-grupal',
    description:
      'Sesión abierta con mentoras de la asociación para resolver dudas sobre carrera, certificaciones y redes profesionales.',
  },
  {
    monthOffset: 2,
    day: 8,
    hour: 10,
    name: 'Visita técnica a una planta solar',
    location: 'Hermosillo, Sonora',
    slug: 'visita-planta-solar',
    description:
      'Recorrido guiado por una planta solar de gran escala con ingenieras de operación y mantenimiento.',
  },
  {
    monthOffset: 2,
    day: 21,
    hour: 16,
    name: 'Bolsa de trabajo: encuentro con empresas socias',
    location: 'Ciudad de México',
    slug: 'bolsa-trabajo',
    description:
      'Las empresas socias presentan sus vacantes y programas de prácticas profesionales. Trae tu CV actualizado.',
  },
  {
    monthOffset: 3,
    day: 8,
    hour: 9,
    name: 'Encuentro anual: Energía que Empodera',
    location: 'Mérida, Yucatán',
    slug: 'encuentro-anual',
    description:
      'Nuestro evento insignia del año: conferencias, talleres, reconocimientos y la asamblea de socias.',
  },
  {
    monthOffset: 3,
    day: 19,
    hour: 11,
    name: 'Taller de almacenamiento de energía con baterías',
    location: 'Puebla, Puebla',
    slug: 'taller-baterias',
    description:
      'Fundamentos de sistemas de almacenamiento, seguridad y su papel en redes con alta participación renovable.',
  },
];

export function demoEvents(now: Date): EventValues[] {
  // Months counted from the association's current month, times on its clock.
  const today = clock.today(now);
  return EVENT_SEEDS.map((seed, index) => {
    const month = addMonths(today, seed.monthOffset);
    const eventDate = clock.instantOf({ ...month, day: seed.day, hour: seed.hour });
    const image = `/demo/events/event-${(index % 8) + 1}.svg`;
    return {
      name: seed.name,
      location: seed.location,
      date: clock.formatEventDate(eventDate),
      eventDate: eventDate.toISOString(),
      description: seed.description,
      images: [image],
      imageCover: [image],
      linkEvent: `https://example.org/eventos/${seed.slug}`,
    };
  });
}

/** The year and month `count` months after a day's month. */
function addMonths(date: CalendarDate, count: number): { year: number; month: number } {
  const index = date.year * 12 + date.month - 1 + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const demoNews: NewsValues[] = [
  {
    name: 'Lanzamos la cuarta generación del programa de mentorías',
    address: 'Ciudad de México',
    images: ['/demo/news/news-1.svg'],
    description:
      '<p>Este año, <strong>40 mentoras</strong> acompañarán a profesionistas que inician su carrera en energías renovables.</p>' +
      '<p>El programa dura seis meses e incluye sesiones uno a uno, talleres de habilidades directivas y visitas a proyectos.</p>' +
      '<ul><li>Convocatoria abierta todo el mes</li><li>Sin costo para socias</li></ul>',
  },
  {
    name: 'Firmamos un convenio con universidades para prácticas profesionales',
    address: 'Guadalajara, Jalisco',
    images: ['/demo/news/news-2.svg'],
    description:
      '<p>Gracias a un nuevo convenio con tres universidades, las estudiantes de ingeniería podrán realizar prácticas en empresas socias.</p>' +
      '<p>La primera convocatoria se publicará en nuestra <a href="https://example.org/bolsa">bolsa de trabajo</a>.</p>',
  },
  {
    name: 'Resultados del estudio sobre participación femenina en el sector',
    address: 'En línea',
    images: ['/demo/news/news-3.svg'],
    description:
      '<p>Nuestro estudio anual muestra avances, pero también brechas: las mujeres siguen siendo minoría en puestos técnicos y directivos.</p>' +
      '<h3>Hallazgos principales</h3><ol><li>Más mujeres en áreas de sostenibilidad</li><li>Pocas en operación de plantas</li><li>La mentoría acelera ascensos</li></ol>',
  },
  {
    name: 'Instalamos paneles solares en una escuela comunitaria',
    address: 'Oaxaca, Oaxaca',
    images: ['/demo/news/news-4.svg'],
    description:
      '<p>Voluntarias de la asociación instalaron un sistema solar que da luz y conectividad a una escuela rural.</p>' +
      '<p>El proyecto incluyó talleres para que la comunidad pueda dar <em>mantenimiento básico</em> al sistema.</p>',
  },
  {
    name: 'Nueva alianza con una asociación hermana de Latinoamérica',
    address: 'Bogotá, Colombia',
    images: ['/demo/news/news-5.svg'],
    description:
      '<p>Unimos fuerzas con una red latinoamericana de mujeres en energía para compartir buenas prácticas y organizar eventos conjuntos.</p>' +
      '<p>La primera actividad será una bolsa de trabajo regional en línea.</p>',
  },
  {
    name: 'Reconocimiento a las socias que impulsan la transición energética',
    address: 'Mérida, Yucatán',
    images: ['/demo/news/news-6.svg'],
    description:
      '<p>En nuestro encuentro anual reconocimos a cinco socias por su trayectoria en proyectos solares, eólicos y de eficiencia energética.</p>' +
      '<blockquote>“Cuando una mujer avanza, abre camino para muchas más.”</blockquote>',
  },
];

const linkedIn = (slug: string) => `https://www.linkedin.com/in/${slug}-ejemplo`;

/** Name, job and, for most, the name of a LinkedIn profile (fictional, like everything here). */
const PARTNER_SEEDS: [name: string, job: string, profile?: string][] = [
  ['Adriana Beltrán Ochoa', 'Ingeniera de proyectos solares', 'adriana-beltran'],
  ['Beatriz Carrillo Maza', 'Directora de sostenibilidad', 'beatriz-carrillo'],
  ['Carmen Delgado Íñiguez', 'Especialista en regulación energética', 'carmen-delgado'],
  ['Daniela Escobar Ruiz', 'Analista de mercados eléctricos', 'daniela-escobar'],
  ['Elena Fuentes Aragón', 'Gerente de parques eólicos', 'elena-fuentes'],
  ['Fernanda Gallardo Paz', 'Consultora en eficiencia energética'],
  ['Gabriela Herrera Soto', 'Investigadora en almacenamiento de energía', 'gabriela-herrera'],
  ['Isabel Juárez Montaño', 'Abogada en energía y medio ambiente', 'isabel-juarez'],
  ['Lucía Mendoza Treviño', 'Ingeniera eléctrica de redes', 'lucia-mendoza'],
  ['Mariana Núñez Villalobos', 'Emprendedora en energía comunitaria'],
  ['Natalia Orozco Quiroga', 'Especialista en financiamiento verde', 'natalia-orozco'],
  ['Paola Ramírez Ugalde', 'Estudiante de ingeniería en energías renovables', 'paola-ramirez'],
];

export const demoPartners: PartnerValues[] = PARTNER_SEEDS.map(([name, job, profile], index) => ({
  name,
  job,
  link: profile ? linkedIn(profile) : undefined,
  images: [`/demo/partners/partner-${index + 1}.svg`],
}));
