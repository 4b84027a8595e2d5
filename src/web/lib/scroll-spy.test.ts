import { describe, expect, it } from 'vitest';
import { activeSpySection } from './scroll-spy.ts';
import { sectionScrollTop } from './smooth-scroll.ts';

describe('activeSpySection', () => {
  const eventsTop = 2000;
  const newsTop = 2600;

  it('highlights nothing above the Eventos section', () => {
    expect(activeSpySection(0, eventsTop, newsTop)).toBeNull();
    expect(activeSpySection(eventsTop - 161, eventsTop, newsTop)).toBeNull();
  });

  it('highlights Eventos between the Eventos and the Noticias sections', () => {
    expect(activeSpySection(eventsTop - 160, eventsTop, newsTop)).toBe('Eventos');
    expect(activeSpySection(newsTop - 161, eventsTop, newsTop)).toBe('Eventos');
  });

  it('highlights Noticias from the Noticias section downward', () => {
    expect(activeSpySection(newsTop - 160, eventsTop, newsTop)).toBe('Noticias');
    expect(activeSpySection(99_999, eventsTop, newsTop)).toBe('Noticias');
  });

  it('highlights nothing when the sections are not on the page', () => {
    expect(activeSpySection(5000, undefined, undefined)).toBeNull();
  });

  it('honours a custom offset', () => {
    expect(activeSpySection(1990, eventsTop, newsTop, 0)).toBeNull();
    expect(activeSpySection(2000, eventsTop, newsTop, 0)).toBe('Eventos');
  });
});

describe('sectionScrollTop', () => {
  it('places the section the offset below the top of the viewport', () => {
    expect(sectionScrollTop(500, 1000, 160)).toBe(1340);
    expect(sectionScrollTop(500, 1000, 60)).toBe(1440);
  });

  it('never scrolls above the page', () => {
    expect(sectionScrollTop(20, 0, 160)).toBe(0);
  });
});
