import {
  BriefcaseBusiness,
  ChevronLeft,
  ChevronRight,
  GraduationCap,
  Handshake,
  Leaf,
  Lightbulb,
  Megaphone,
  Scale,
  Sun,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { Reveal } from '../../components/reveal.tsx';
import { mission, missionCards, type MissionIcon } from '../../content/home.ts';
import { arrowVisibility, stepCard } from './carousel.ts';
import './mission.css';

const icons: Record<MissionIcon, LucideIcon> = {
  users: Users,
  graduation: GraduationCap,
  handshake: Handshake,
  megaphone: Megaphone,
  briefcase: BriefcaseBusiness,
  leaf: Leaf,
  lightbulb: Lightbulb,
  scale: Scale,
  sun: Sun,
};

/**
 * The nine mission cards. On desktop they form a grid; at 768 px and below one card shows at a time,
 * stepped with arrows (the left one hidden on the first card, the right one on the last).
 */
export function MissionCarousel() {
  const count = missionCards.length;
  const [selected, setSelected] = useState(1);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const arrows = arrowVisibility(selected, count);

  const step = (delta: number) => {
    const next = stepCard(selected, delta, count);
    setSelected(next);
    // An arrow that hides keeps no focus: hand it to the other one.
    const after = arrowVisibility(next, count);
    if (delta < 0 && !after.previous) nextRef.current?.focus();
    if (delta > 0 && !after.next) previousRef.current?.focus();
  };

  return (
    <div
      className="mission-carousel"
      role="group"
      aria-roledescription="carrusel"
      aria-label="Nuestros compromisos"
    >
      <ol className="mission-carousel__track card-grid list-plain">
        {missionCards.map((card, index) => {
          const Icon = icons[card.icon];
          const position = index + 1;
          return (
            <li
              key={card.title}
              className={`mission-carousel__slide${position === selected ? ' is-selected' : ''}`}
              aria-roledescription="tarjeta"
              aria-label={`${position} de ${count}`}
            >
              <Reveal className="mission-card" delayMs={(index % 3) * 100}>
                <span className="mission-card__icon" aria-hidden="true">
                  <Icon size={28} strokeWidth={1.75} />
                </span>
                <span className="mission-card__number" aria-hidden="true">
                  {String(position).padStart(2, '0')}
                </span>
                <h3 className="mission-card__title">{card.title}</h3>
                <p className="mission-card__text">{card.text}</p>
              </Reveal>
            </li>
          );
        })}
      </ol>
      <div className="mission-carousel__controls">
        <button
          ref={previousRef}
          type="button"
          className="mission-carousel__arrow"
          onClick={() => step(-1)}
          hidden={!arrows.previous}
          aria-label={mission.previousLabel}
        >
          <ChevronLeft aria-hidden="true" size={24} />
        </button>
        <p className="mission-carousel__status" aria-live="polite">
          {selected} / {count}
        </p>
        <button
          ref={nextRef}
          type="button"
          className="mission-carousel__arrow"
          onClick={() => step(1)}
          hidden={!arrows.next}
          aria-label={mission.nextLabel}
        >
          <ChevronRight aria-hidden="true" size={24} />
        </button>
      </div>
    </div>
  );
}
