import { identity } from './identity.ts';

/** Every text and image of the home page (/Inicio) below its first view (see home-top.ts). */

export const mission = {
  eyebrow: 'Misión',
  title: 'Impulsamos el talento femenino en cada rincón del sector',
  text: [
    `En ${identity.name} trabajamos para que las mujeres participen, crezcan y lideren en las energías renovables. Creemos que una transición energética justa solo es posible si se construye con la mirada, el conocimiento y la voz de todas.`,
    'Conectamos a profesionales, estudiantes y organizaciones para compartir oportunidades, formar nuevas líderes y transformar la cultura del sector desde adentro.',
  ],
  image: {
    src: '/images/home/mission.svg',
    alt: 'Ilustración de una mujer con casco de seguridad señalando un aerogenerador.',
    width: 560,
    height: 480,
  },
  previousLabel: 'Tarjeta anterior',
  nextLabel: 'Tarjeta siguiente',
} as const;

export type MissionIcon =
  'users' | 'graduation' | 'handshake' | 'megaphone' | 'briefcase' | 'leaf' | 'lightbulb' | 'scale' | 'sun';

/** The nine mission cards, in order. */
export const missionCards: readonly { title: string; text: string; icon: MissionIcon }[] = [
  {
    icon: 'users',
    title: 'Comunidad',
    text: 'Tejemos una red de apoyo entre mujeres del sector para compartir experiencias, retos y logros.',
  },
  {
    icon: 'graduation',
    title: 'Mentoría',
    text: 'Acompañamos a estudiantes y profesionales con mentoras que ya recorrieron el camino.',
  },
  {
    icon: 'handshake',
    title: 'Alianzas',
    text: 'Colaboramos con empresas, universidades e instituciones comprometidas con la igualdad.',
  },
  {
    icon: 'megaphone',
    title: 'Visibilidad',
    text: 'Damos voz a las mujeres que lideran proyectos, investigaciones y empresas de energía limpia.',
  },
  {
    icon: 'briefcase',
    title: 'Desarrollo profesional',
    text: 'Abrimos oportunidades de empleo, prácticas y crecimiento en organizaciones del sector.',
  },
  {
    icon: 'leaf',
    title: 'Sostenibilidad',
    text: 'Promovemos proyectos que cuidan el medio ambiente y a las comunidades donde se desarrollan.',
  },
  {
    icon: 'lightbulb',
    title: 'Innovación',
    text: 'Impulsamos ideas y emprendimientos que acercan la energía renovable a más personas.',
  },
  {
    icon: 'scale',
    title: 'Transición justa',
    text: 'Trabajamos para que los beneficios de la transición energética lleguen a todas y todos.',
  },
  {
    icon: 'sun',
    title: 'Inspiración',
    text: 'Despertamos vocaciones científicas y técnicas en niñas y jóvenes de todo México.',
  },
];

export const counters = {
  title: 'Una comunidad que crece contigo',
  socias: { prefix: '+', label: 'socias' },
  corporativos: { prefix: '+', label: 'socios corporativos' },
  year: { prefix: 'desde', label: 'impulsando el cambio' },
} as const;

export const callToAction = {
  text: 'Tu talento puede mover la transición energética. ¡Hazte socia hoy!',
} as const;

export const joinBanner = {
  title: 'Sé parte del cambio',
  text: 'Súmate a una comunidad de mujeres que construye un futuro energético limpio, justo e incluyente.',
  action: 'Quiero ser socia',
} as const;

export const eventsTeaser = {
  eyebrow: 'Eventos',
  title: 'Próximo encuentro',
  action: 'Inscribete',
} as const;

export const calendar = {
  title: (year: number) => `Próximos eventos en ${year}`,
  monthLabel: 'Mes',
  caption: (month: string, year: number) => `Calendario de ${month} de ${year}`,
  visitSite: 'Visita el sitio',
  // The event's name first: what the day shows (its number and, on wide screens, the name) must be
  // found, in that order, in what it is called (WCAG 2.5.3, label in name).
  dayWithEvent: (day: number, month: string, name: string) => `${name}, ${day} de ${month}`,
  // A day of several events shows how many there are and its number, and is called by both, then by
  // every event's name.
  eventCount: (count: number) => `${count} eventos`,
  dayWithEvents: (day: number, month: string, names: readonly string[]) =>
    `${names.length} eventos, ${day} de ${month}: ${names.join('; ')}`,
  dayListTitle: (day: number, month: string) => `Eventos del ${day} de ${month}`,
  yearLabel: 'Año',
} as const;

export const newsSection = {
  eyebrow: 'Lo más reciente',
  title: 'Noticias',
  readMore: 'Leer más',
} as const;

export const contact = {
  eyebrow: 'Hablemos',
  title: 'Contacto',
  text: 'Escríbenos para colaborar, proponer un proyecto o resolver tus dudas. Te respondemos pronto.',
  card: {
    name: 'Coordinación General',
    role: 'Coordinadora de Vinculación y Membresías',
    phoneLabel: 'Teléfono',
    emailLabel: 'Correo',
    cityLabel: 'Ubicación',
  },
  formTitle: 'Envíanos un mensaje',
} as const;

export const partnersSection = {
  title: `Socias ${identity.shortName}`,
  text: 'Mujeres que dan vida a nuestra comunidad desde empresas, universidades y organizaciones.',
  linkLabel: (name: string) => `Perfil de ${name}`,
  loading: 'Cargando socias',
} as const;
