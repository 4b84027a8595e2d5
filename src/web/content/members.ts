/**
 * Texts and portraits of the members page (/Socias). The founders and the council below are
 * placeholder people with illustrated portraits; the association replaces them with its own.
 */

export interface MemberProfile {
  name: string;
  role: string;
  image: string;
  alt: string;
}

export const membersPage = {
  title: 'Conoce a nuestras socias',
  intro:
    'Mujeres que impulsan la transición energética desde la ingeniería, la academia, el derecho y la empresa. Conoce a quienes fundaron la asociación, a nuestras socias y a nuestro consejo.',
  foundersTitle: 'Socias Fundadoras',
  foundersIntro: 'Ellas dieron el primer paso y siguen marcando el rumbo.',
  partnersTitle: 'Socias',
  partnersIntro: 'Profesionales que hacen crecer la red todos los días.',
  partnersEmpty: 'Muy pronto presentaremos aquí a nuestras socias.',
  partnersLoading: 'Cargando socias',
  partnersError: 'An error occurred in the information request',
  partnersErrorTitle: 'No pudimos cargar la información',
  linkedInLabel: (name: string) => `Perfil de LinkedIn de ${name}`,
  councilTitle: 'Consejo',
  councilIntro: 'Acompañan y orientan las decisiones de la asociación.',
  sliderHint: 'Desliza para ver más',
};

export const founders: readonly MemberProfile[] = [
  {
    name: 'Itzel Moreno Aguilar',
    role: 'Directoria General',
    image: '/images/members/founder-1.svg',
    alt: 'Retrato ilustrado de Itzel Moreno Aguilar, mujer de cabello negro recogido y blusa color coral.',
  },
  {
    name: 'Rocío Solís Ibarra',
    role: 'Directoria Legal',
    image: '/images/members/founder-2.svg',
    alt: 'Retrato ilustrado de Rocío Solís Ibarra, mujer de cabello rizado castaño y lentes.',
  },
  {
    name: 'Valeria Huerta Navarro',
    role: 'Directoria de Enlace Académico',
    image: '/images/members/founder-3.svg',
    alt: 'Retrato ilustrado de Valeria Huerta Navarro, mujer de cabello corto y saco verde azulado.',
  },
];

export const council: readonly MemberProfile[] = [
  {
    name: 'Xóchitl Pérez Chan',
    role: 'Consejo',
    image: '/images/members/council-1.svg',
    alt: 'Retrato ilustrado de Xóchitl Pérez Chan, mujer de trenza larga y aretes dorados.',
  },
  {
    name: 'Amara Ruiz Okoye',
    role: 'Consejo',
    image: '/images/members/council-2.svg',
    alt: 'Retrato ilustrado de Amara Ruiz Okoye, mujer de cabello afro y blusa amarilla.',
  },
  {
    name: 'Sofía Martínez Kuri',
    role: 'Consejo',
    image: '/images/members/council-3.svg',
    alt: 'Retrato ilustrado de Sofía Martínez Kuri, mujer de cabello cano y mascada turquesa.',
  },
];

export const membersBanner = {
  text: 'Por una transición energética justa e inclusiva, únete y sé parte del cambio',
  cta: 'Hazte socia',
};
