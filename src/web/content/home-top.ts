import { identity } from './identity.ts';

/**
 * The texts and images of the home page's first view: the banner and the video. They are apart from
 * home.ts because a visitor's browser needs them at once, and the rest only on the way down.
 */

export const hero = {
  eyebrow: identity.name,
  title: 'Mujeres que encienden la transición energética',
  hashtag: identity.hashtag,
  text: 'Somos una red de profesionales, estudiantes y empresas que abre caminos para que más mujeres lideren, innoven y decidan en las energías renovables de México.',
  primaryAction: 'Únete a la red',
  secondaryAction: 'Conoce nuestra misión',
  image: {
    src: '/images/home/hero.svg',
    alt: 'Ilustración de tres mujeres frente a paneles solares y aerogeneradores bajo un sol amarillo.',
    width: 720,
    height: 620,
  },
} as const;

export const video = {
  eyebrow: 'Nuestra historia',
  title: 'Energía que se comparte',
  text: 'Conoce en pocos minutos a las mujeres que hacen posible esta comunidad y lo que logramos juntas.',
  playLabel: 'Reproducir el video',
  iframeTitle: `Video de presentación de ${identity.name}`,
  poster: {
    src: '/images/home/video-poster.svg',
    alt: 'Portada del video: una ingeniera revisa un parque solar al atardecer.',
    width: 1280,
    height: 720,
  },
} as const;
