// Business constants from the specification (section 9), shared by server and web.
export const PHONE_DIGITS = 10;
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const MEMBERSHIP_TYPES = ['Individual', 'Corporativa', 'Estudiantil'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

export const EVENT_EXCERPT_LENGTH = 200;
export const NEWS_EXCERPT_LENGTH = 100;
export const EXCERPT_SUFFIX = '...';

export const COUNTER_MAXIMA = { socias: 100, corporativos: 8, year: 2016 } as const;
export const COUNTER_SCROLL_DIVISOR = 1150;
export const COUNTER_MINIMUM = 1;

export const MISSION_CARD_COUNT = 9;
export const CORPORATE_INCLUDED_MEMBERSHIPS = [2, 4, 10] as const;
export const STUDENT_DISCOUNT_PERCENT = 70;

export const SECTION_OFFSET_HEADER = 160;
export const SECTION_OFFSET_FOOTER = 60;
export const SECTION_SCROLL_DELAY_MS = 200;

export const DIALOG_ENTER_MS = 150;
export const DIALOG_EXIT_MS = 75;
export const DIALOG_CLOSE_FALLBACK_MS = 100;

/** Upper bounds on stored text, so no field can grow without limit. */
export const TEXT_LIMITS = {
  personName: 120,
  company: 160,
  position: 120,
  title: 200,
  location: 200,
  displayDate: 120,
  description: 5_000,
  html: 50_000,
  url: 2_000,
  images: 20,
  /** An image's description: a sentence or two, as screen readers read it at once. */
  imageDescription: 250,
  honeypot: 200,
} as const;
