import {
  CORPORATE_INCLUDED_MEMBERSHIPS,
  STUDENT_DISCOUNT_PERCENT,
  type MembershipType,
} from '../../shared/constants.ts';

/**
 * Every text and image of the membership page (/Membresias). Texts that name the association take
 * its name as an argument, so the name itself lives only in identity.ts.
 */

export interface MembershipImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export const membershipHero = {
  eyebrow: 'Membresías',
  title: 'HAZTE SOCIA',
  tagline: 'Somos una asociación civil que impulsa el liderazgo femenino en las energías renovables.',
  cta: 'Conviértete en socia',
  image: {
    src: '/images/membership/hero.svg',
    alt: 'Ilustración de tres mujeres frente a paneles solares y aerogeneradores al amanecer.',
    width: 640,
    height: 520,
  } satisfies MembershipImage,
};

export const membershipDescription = {
  eyebrow: 'Por qué sumarte',
  title: 'Una red de mujeres que impulsa la transición energética',
  paragraphs: [
    'Al hacerte socia te unes a una comunidad de profesionales, estudiantes y empresas que trabajan para que más mujeres lideren, innoven y tomen decisiones en el sector de las energías renovables en México.',
    'Tu membresía sostiene programas de mentoría, espacios de encuentro y oportunidades de crecimiento profesional, y te acerca a quienes están construyendo un futuro energético más justo.',
  ],
  highlights: [
    { title: 'Mentoría', text: 'Acompañamiento de mujeres con trayectoria en el sector.' },
    { title: 'Comunidad', text: 'Encuentros y redes que abren puertas y proyectos.' },
    { title: 'Crecimiento', text: 'Talleres, eventos y vacantes para avanzar en tu carrera.' },
  ],
  image: {
    src: '/images/membership/community.svg',
    alt: 'Ilustración de un grupo diverso de mujeres conversando junto a un aerogenerador.',
    width: 560,
    height: 440,
  } satisfies MembershipImage,
};

export interface MembershipPlan {
  /** The tab number of the spec: 1 Individual, 2 Corporativa, 3 Estudiantil. */
  tab: 1 | 2 | 3;
  type: MembershipType;
  label: string;
  audience: string;
  /** The banner above the tabs while this plan is chosen. */
  banner: (associationName: string) => string;
  benefits: readonly string[];
}

const individualBenefits = [
  'Programas de mentoría con profesionales del sector.',
  'Acceso a los eventos más importantes del sector energético.',
  'Encuentros de networking con socias y organizaciones aliadas.',
  'Voluntariado en los grupos de trabajo de la asociación.',
  'Bolsa de trabajo con vacantes del sector.',
  'Una red de contactos más amplia.',
  'Talleres y prácticas profesionales en empresas aliadas.',
] as const;

const participateBanner = (associationName: string) => `Cómo te gustaría participar en ${associationName}?`;

const includedMemberships = (() => {
  const counts = [...CORPORATE_INCLUDED_MEMBERSHIPS];
  const last = counts.pop();
  return `${counts.join(', ')} o ${String(last)}`;
})();

export const membershipPlans: readonly MembershipPlan[] = [
  {
    tab: 1,
    type: 'Individual',
    label: 'Individual',
    audience: 'Para profesionales que quieren crecer en el sector energético y aportar a su transformación.',
    banner: participateBanner,
    benefits: individualBenefits,
  },
  {
    tab: 2,
    type: 'Corporativa',
    label: 'Corporativa',
    audience: 'Para empresas e instituciones comprometidas con la igualdad de género en la energía.',
    banner: () => 'Únete y participa. Sé parte de esta transición justa.',
    benefits: [
      'Acceso a los eventos de la asociación.',
      'Invitaciones a encuentros de networking.',
      'Participación en mentorías y comités de trabajo.',
      'Precios preferenciales en webinars, eventos y cursos.',
      'El logotipo de tu empresa en nuestro sitio web y en el boletín.',
      `Incluye ${includedMemberships} membresías individuales por empresa.`,
      'Bolsa de trabajo organizada junto con una asociación hermana.',
      'Acceso al evento anual más importante de la asociación.',
    ],
  },
  {
    tab: 3,
    type: 'Estudiantil',
    label: 'Estudiantil',
    audience: 'Para estudiantes que quieren abrirse camino en las energías renovables.',
    banner: participateBanner,
    benefits: [
      ...individualBenefits,
      `Beca con ${String(STUDENT_DISCOUNT_PERCENT)} % de descuento en tu membresía.`,
    ],
  },
];

export const membershipForms = {
  eyebrow: 'Membresías',
  tabsLabel: 'Tipos de membresía',
  benefitsTitle: 'Beneficios',
  levelNote: 'Los beneficios dependen del nivel de membresía que obtengas.',
  joinButton: (associationName: string) => `Sé parte de ${associationName}`,
  formTitle: (type: MembershipType) => `Solicitud de membresía ${type}`,
  plainFormTitle: 'Solicitud de membresía',
  formIntro: 'Déjanos tus datos y te contactaremos para completar tu registro.',
};

export const membershipEndBanner = {
  title: 'Empoderamos, conectamos y lideramos en energías renovables.',
  invitation: (associationName: string) =>
    `Sé parte de ${associationName} y construyamos juntas un sector energético más diverso e incluyente.`,
  image: {
    src: '/images/membership/landscape.svg',
    alt: '',
    width: 1440,
    height: 360,
  } satisfies MembershipImage,
};

export const membershipContactBanner = {
  title: '¿Quieres saber más antes de unirte?',
  text: 'Conoce nuestra misión y la manera en que trabajamos con socias, empresas y universidades.',
  cta: 'Más Información',
  /** Read by screen readers and search engines after the visible text, so the link says where it goes. */
  ctaContext: 'sobre nuestra misión',
};
