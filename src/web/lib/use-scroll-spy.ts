import { useEffect, useState } from 'react';
import { activeSpySection, type SpySection } from './scroll-spy.ts';

function documentTop(id: string): number | undefined {
  const element = document.getElementById(id);
  return element ? element.getBoundingClientRect().top + window.scrollY : undefined;
}

/** The home section to highlight in the menu while `enabled` (on /Inicio); null elsewhere. */
export function useScrollSpy(enabled: boolean): SpySection | null {
  const [active, setActive] = useState<SpySection | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setActive(activeSpySection(window.scrollY, documentTop('Eventos'), documentTop('Noticias')));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
      setActive(null);
    };
  }, [enabled]);
  return enabled ? active : null;
}
