/** Texts and images of the contributions page (/Aportaciones). */

export type ContributionTone = 'teal' | 'sun' | 'coral' | 'ink';
export type ContributionIcon = 'users' | 'sun' | 'book' | 'settings';

export interface ContributionCard {
  title: string;
  body: string;
  tone: ContributionTone;
  icon: ContributionIcon;
}

export const contributionsIntro = {
  eyebrow: 'Transparencia',
  title: '¿Cómo puedes aportar?',
  paragraphs: [
    'Cada aportación nos permite llegar a más mujeres y a más comunidades. Somos una asociación civil sin fines de lucro y destinamos los recursos que recibimos a cuatro frentes de trabajo.',
    'Así es como tu apoyo se convierte en oportunidades, conocimiento y energía limpia.',
  ],
};

export const contributionCards: readonly ContributionCard[] = [
  {
    title: 'Programas de Empoderamiento',
    body: 'Financiamos mentorías, becas y talleres de liderazgo para que más mujeres se formen, crezcan y ocupen puestos de decisión en el sector de las energías renovables.',
    tone: 'teal',
    icon: 'users',
  },
  {
    title: 'Proyectos Sostenibles',
    body: 'Impulsamos proyectos de energía limpia que llevan electricidad confiable a comunidades vulnerables y que las mujeres de esas comunidades ayudan a diseñar y operar.',
    tone: 'sun',
    icon: 'sun',
  },
  {
    title: 'Educación y Concientización',
    body: 'Realizamos campañas, charlas y materiales que acercan las energías renovables a escuelas y comunidades, y que muestran por qué la igualdad de género es clave en la transición energética.',
    tone: 'coral',
    icon: 'book',
  },
  {
    title: 'Gastos Operativos',
    body: 'Cubrimos la coordinación, la administración y las herramientas que sostienen nuestro trabajo, para que cada programa funcione de forma ordenada y transparente.',
    tone: 'ink',
    icon: 'settings',
  },
];

export const contributionsImpact = {
  title: 'Tu aportación, nuestro impacto.',
  paragraphs: [
    'Con tu apoyo, más niñas descubren que la ciencia y la energía también son para ellas, más profesionales encuentran una red que las respalda y más comunidades encienden su primera luz con energía limpia.',
    'Rendimos cuentas de cada peso: informamos a nuestras socias y aliadas en qué se usan los recursos y qué resultados logramos.',
  ],
  image: {
    src: '/images/contributions/impact.svg',
    alt: 'Ilustración de una comunidad rural con paneles solares en los techos y una mujer junto a un foco encendido.',
    width: 600,
    height: 480,
  },
  slogan: '#ENERGÍA QUE EMPODERA',
};
