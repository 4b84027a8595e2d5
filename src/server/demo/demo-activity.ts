/**
 * The people and words of the demo's activity: fictional, in Spanish, at reserved example addresses
 * (example.org and example.com never receive mail). Dates are not here: the service places each
 * event from the day it runs (see activity.service.ts).
 */

export interface DemoPerson {
  fullName: string;
  email: string;
}

const person = (fullName: string, user: string, domain = 'example.org'): DemoPerson => ({
  fullName,
  email: `${user}@${domain}`,
});

/** Everyone the demo signs up, subscribes or certifies; each list below takes its share. */
const PEOPLE: DemoPerson[] = [
  person('Valeria Domínguez Soto', 'valeria.dominguez'),
  person('Fernanda Ríos Castañeda', 'fernanda.rios', 'example.com'),
  person('Lucía Hernández Pacheco', 'lucia.hernandez'),
  person('Mónica Villarreal Treviño', 'monica.villarreal', 'example.com'),
  person('Daniela Aguilar Fuentes', 'daniela.aguilar'),
  person('Ximena Cárdenas León', 'ximena.cardenas'),
  person('Paola Medina Zúñiga', 'paola.medina', 'example.com'),
  person('Gabriela Salazar Ibarra', 'gabriela.salazar'),
  person('Renata Olvera Campos', 'renata.olvera'),
  person('Itzel Quintero Robles', 'itzel.quintero', 'example.com'),
  person('Andrea Navarro Luna', 'andrea.navarro'),
  person('Sofía Guerrero Padilla', 'sofia.guerrero'),
  person('Karla Mendoza Ávila', 'karla.mendoza', 'example.com'),
  person('Regina Ponce Estrada', 'regina.ponce'),
  person('Natalia Rosales Vega', 'natalia.rosales'),
];

const people = (from: number, count: number) => PEOPLE.slice(from, from + count);

/** An event the demo adds: where and when on its month (`monthOffset` from the current one). */
export interface DemoEventPlan {
  slug: string;
  name: string;
  location: string;
  description: string;
  image: string;
  monthOffset: number;
  /** A day of the month no demo content event uses (nor the 2nd, which the browser tests take). */
  day: number;
  /** On the association's clock, 24 h. */
  hour: number;
  capacity: number;
  confirmed: readonly DemoPerson[];
  waitlisted: readonly DemoPerson[];
}

/** Full, with people waiting: a small group. */
export const FULL_EVENT: DemoEventPlan = {
  slug: 'taller-tarifas-electricas',
  name: 'Taller: lee tu recibo de luz y entiende las tarifas eléctricas',
  location: 'Ciudad de México',
  description:
    'Un taller en grupo pequeño para leer un recibo de luz línea por línea, comparar tarifas y calcular ' +
    'cuánto ahorra un hogar o un negocio con medidas de eficiencia y paneles solares.',
  image: '/demo/events/event-4.svg',
  monthOffset: 1,
  day: 11,
  hour: 17,
  capacity: 6,
  confirmed: people(0, 6),
  waitlisted: people(6, 3),
};

/** Open, with seats to spare. */
export const OPEN_EVENT: DemoEventPlan = {
  slug: 'conversatorio-hidrogeno-verde',
  name: 'Conversatorio: hidrógeno verde en México',
  location: 'Querétaro, Querétaro',
  description:
    'Investigadoras y directivas conversan sobre los proyectos de hidrógeno verde en el país, ' +
    'los perfiles profesionales que piden y cómo prepararse para ellos.',
  image: '/demo/events/event-7.svg',
  monthOffset: 2,
  day: 13,
  hour: 10,
  capacity: 40,
  confirmed: people(9, 5),
  waitlisted: [],
};

/** Held last month: most came, got their certificate, and some answered the survey. */
export const PAST_EVENT: DemoEventPlan & { absent: number; hours: number } = {
  slug: 'taller-eficiencia-energetica-industria',
  name: 'Taller de eficiencia energética en la industria',
  location: 'Monterrey, Nuevo León',
  description:
    'Diagnóstico energético de una planta industrial en equipos: mediciones, oportunidades de ahorro ' +
    'y un plan de acción para presentar a la dirección.',
  image: '/demo/events/event-6.svg',
  monthOffset: -1,
  day: 12,
  hour: 10,
  capacity: 25,
  confirmed: people(2, 9),
  waitlisted: [],
  // The last two signed up but did not come: no certificate, no survey.
  absent: 2,
  hours: 4,
};

export const CERTIFICATE_TEXT =
  'Por su participación en el Taller de eficiencia energética en la industria, con una duración de cuatro horas.';

export const CERTIFICATE_SIGNERS = [
  { name: 'Mariana Ortega Ruiz', role: 'Presidenta' },
  { name: 'Claudia Serrano Maldonado', role: 'Coordinadora de formación' },
];

/** Answers of the first checked-in people, in their order; a name only where she may be quoted. */
export const SURVEY_ANSWERS: { rating: number; recommend: number; comment: string; quote: boolean }[] = [
  {
    rating: 5,
    recommend: 10,
    comment: 'El ejercicio de diagnóstico en equipos fue lo mejor: me llevo una guía que puedo usar mañana.',
    quote: true,
  },
  {
    rating: 4,
    recommend: 9,
    comment: 'Muy útil. Me habría gustado más tiempo para las mediciones.',
    quote: false,
  },
  { rating: 5, recommend: 9, comment: '', quote: false },
  {
    rating: 4,
    recommend: 8,
    comment: 'Buen nivel técnico y un ambiente en el que todas participamos.',
    quote: true,
  },
];

/** Subscribers who confirmed their address; the campaign went to each of them. */
export const SUBSCRIBERS: readonly DemoPerson[] = people(10, 5);

export const CAMPAIGN = {
  subject: 'Novedades de la asociación: mentorías, talleres y una nueva alianza',
  html:
    '<p>Hola:</p>' +
    '<p>Abrimos la convocatoria de la cuarta generación del programa de mentorías y sumamos una ' +
    'alianza con una red latinoamericana de mujeres en energía.</p>' +
    '<p>Este mes también hay talleres con registro abierto: revisa el calendario y aparta tu lugar.</p>' +
    '<p>¡Gracias por ser parte de la comunidad!</p>',
  text:
    'Hola:\n\nAbrimos la convocatoria de la cuarta generación del programa de mentorías y sumamos una ' +
    'alianza con una red latinoamericana de mujeres en energía.\n\nEste mes también hay talleres con ' +
    'registro abierto: revisa el calendario y aparta tu lugar.\n\n¡Gracias por ser parte de la comunidad!',
};
