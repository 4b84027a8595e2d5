import { useEffect, useRef, useState } from 'react';
import { COUNTER_MAXIMA, COUNTER_MINIMUM } from '../../../shared/constants.ts';
import { counters } from '../../content/home.ts';
import { prefersReducedMotion } from '../../components/motion.ts';
import { nextCounterValue } from './counter-value.ts';
import './counters.css';

type Values = { socias: number; corporativos: number; year: number };
const START: Values = { socias: COUNTER_MINIMUM, corporativos: COUNTER_MINIMUM, year: COUNTER_MINIMUM };
const FINAL: Values = { ...COUNTER_MAXIMA };

function advance(previous: Values, scrollY: number): Values {
  const next = {
    socias: nextCounterValue(previous.socias, scrollY, COUNTER_MAXIMA.socias),
    corporativos: nextCounterValue(previous.corporativos, scrollY, COUNTER_MAXIMA.corporativos),
    year: nextCounterValue(previous.year, scrollY, COUNTER_MAXIMA.year),
  };
  const same =
    next.socias === previous.socias &&
    next.corporativos === previous.corporativos &&
    next.year === previous.year;
  return same ? previous : next;
}

/**
 * Three figures that count up as the page scrolls. The server's HTML (and so a visitor without
 * JavaScript) shows the final figures. Once JavaScript runs they start again from the minimum and
 * follow the scroll, unless motion is reduced, or the visitor already sees them: a figure never falls
 * in front of her eyes.
 */
export function Counters() {
  const [values, setValues] = useState<Values>(FINAL);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (prefersReducedMotion()) return undefined;
    const box = list.current?.getBoundingClientRect();
    if (box && box.top < window.innerHeight && box.bottom > 0) return undefined;
    let frame = 0;
    const update = () => {
      frame = 0;
      setValues((previous) => advance(previous, window.scrollY));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    setValues(advance(START, window.scrollY));
    window.addEventListener('scroll', schedule, { passive: true });
    return () => {
      window.removeEventListener('scroll', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  const items = [
    {
      key: 'socias',
      prefix: counters.socias.prefix,
      value: values.socias,
      final: FINAL.socias,
      label: counters.socias.label,
    },
    {
      key: 'corporativos',
      prefix: counters.corporativos.prefix,
      value: values.corporativos,
      final: FINAL.corporativos,
      label: counters.corporativos.label,
    },
    {
      key: 'year',
      prefix: counters.year.prefix,
      value: values.year,
      final: FINAL.year,
      label: counters.year.label,
    },
  ] as const;

  return (
    <section className="counters" aria-labelledby="counters-title">
      <div className="container">
        <h2 id="counters-title" className="sr-only">
          {counters.title}
        </h2>
        <ul className="counters__list list-plain" ref={list}>
          {items.map((item) => (
            <li
              key={item.key}
              className={`counters__item counters__item--${item.key}`}
              data-counter={item.key}
            >
              {/* The moving figure is for the eye; assistive technology reads the final one. */}
              <span className="counters__figure" aria-hidden="true">
                <span className="counters__prefix">{item.prefix}</span>
                <span className="counters__value">{item.value}</span>
              </span>
              <span className="sr-only">
                {item.prefix} {item.final}
              </span>
              <span className="counters__label">{item.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
