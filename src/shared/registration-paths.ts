import { fillRoute } from './api-paths.ts';

/** Sign-up for an event: the API, and the plain form post and pages of the registrations domain. */
export const registrationPaths = {
  /** The API (the same pattern as `apiRoutes.eventRegistrations`, which the server registers). */
  apiPattern: '/api/events/:id/registrations',
  api: (eventId: string) => fillRoute('/api/events/:id/registrations', eventId),
  /** The plain HTML form's action (no script). */
  send: (eventId: string) => `/Eventos/registro/${encodeURIComponent(eventId)}`,
  sendPattern: '/Eventos/registro/:id',
  /** Where a stored plain-form sign-up lands. */
  sent: '/RegistroEnviado',
  /** The private manage page of a registration. */
  manage: (token: string) => `/Registro/${token}`,
  managePattern: '/Registro/:token',
  /** The admin's check-in page (the QR code's address). */
  checkInPattern: '/admin/asistencia/:id',
  checkIn: (id: string) => `/admin/asistencia/${encodeURIComponent(id)}`,
} as const;

/** Whether the address is one of the sign-up's pages (drawn by src/web/pages/registro). */
export const isRegistrationPage = (pathname: string) =>
  pathname === registrationPaths.sent ||
  /^\/(Registro|Eventos\/registro|admin\/asistencia)\/[^/]+$/.test(pathname);
