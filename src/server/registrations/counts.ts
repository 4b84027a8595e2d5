import type { FastifyInstance } from 'fastify';

/** Counts change in bursts (a rush of sign-ups): the events are drawn again at most this often. */
const COUNTS_REDRAW_MS = 250;

export interface RegistrationCounts {
  /** Some event's counts changed: its lists and pages are drawn again (soon, once per burst). */
  changed(): void;
  /** True while this instance tells of its own counts (no event moved, no capacity changed). */
  readonly publishing: boolean;
  /** Stops a redraw still waiting. */
  stop(): void;
}

/** Counts are part of the events' answers: a change redraws the lists and pages, once per burst. */
export function registrationCounts(app: FastifyInstance): RegistrationCounts {
  let timer: NodeJS.Timeout | undefined;
  let last = 0;
  let publishing = false;
  const publish = () => {
    timer = undefined;
    last = Date.now();
    publishing = true;
    try {
      app.contentChanges.publish('events');
    } finally {
      publishing = false;
    }
  };
  return {
    changed() {
      if (timer) return;
      const wait = last + COUNTS_REDRAW_MS - Date.now();
      if (wait <= 0) publish();
      else timer = setTimeout(publish, wait);
    },
    get publishing() {
      return publishing;
    },
    stop: () => clearTimeout(timer),
  };
}
