import { organisation } from '../../shared/organisation.ts';

/**
 * Who the association is: names, contact data and addresses it may change without touching code.
 * Every value here is a placeholder until the association provides its own.
 */
export const identity = {
  name: organisation.name,
  shortName: organisation.shortName,
  hashtag: '#EnergíaQueEmpodera',
  tagline: 'Asociación civil que impulsa el liderazgo de las mujeres en las energías renovables en México.',
  city: 'Ciudad de México',
  /** Ten digits, as dialled in Mexico. */
  phone: '5512345678',
  phoneDisplay: '55 1234 5678',
  emails: {
    general: 'contacto@example.org',
    membership: 'membresias@example.org',
  },
  social: {
    linkedin: 'https://www.linkedin.com/company/example',
    instagram: 'https://www.instagram.com/example',
    youtube: 'https://www.youtube.com/@example',
  },
  /** The sister site linked from the header menu. */
  sisterSite: { label: 'Red Hermana', url: 'https://example.org/red-hermana' },
  /** The sister organisation linked from the footer. */
  sisterOrganisation: { label: 'Organización hermana', url: 'https://example.org/organizacion-hermana' },
  /** Click-to-chat number: country code and number, digits only. */
  whatsappPhone: '525512345678',
  /** The YouTube id of the home page video (placeholder: YouTube's own player demo). */
  videoId: 'M7lc1UVf-VE',
  /** The mark, square: what structured data names as the organisation's logo. */
  logo: { src: '/images/brand/logo-mark.svg', width: 48, height: 48 },
} as const;

export const whatsappUrl = `https://wa.me/${identity.whatsappPhone}?text=`;
