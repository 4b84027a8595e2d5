import { ArrowRight, Mail, MapPin, Phone } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from '../../lib/router.tsx';
import { pagePaths } from '../../../shared/api-paths.ts';
import { SECTION_OFFSET_FOOTER } from '../../../shared/constants.ts';
import { ButtonLink } from '../../components/button.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { Reveal } from '../../components/reveal.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import {
  callToAction,
  contact,
  joinBanner,
  mission,
  newsSection,
  partnersSection,
} from '../../content/home.ts';
import { identity } from '../../content/identity.ts';
import { Counters } from '../../features/counters/counters.tsx';
import { EventsTeaser } from '../../features/events/events-teaser.tsx';
import { useEvents } from '../../features/events/get-events.ts';
import { MissionCarousel } from '../../features/mission/mission-carousel.tsx';
import { useNews } from '../../features/news/get-news.ts';
import { NewsList } from '../../features/news/news-list.tsx';
import { PartnersList } from '../../features/partners/partners-list.tsx';
import { ContactForm } from '../../features/request-form/contact-form.tsx';
import { lazyWithPreload } from '../../lib/lazy-component.tsx';

const NO_EVENTS: never[] = [];

// The calendar's code loads when a visitor first asks for it.
const CalendarDialog = lazyWithPreload(() => import('./calendar.tsx').then((m) => m.CalendarDialog));

function MissionSection() {
  return (
    <section id="Mision" className="section section--warm mission-section" aria-labelledby="mission-title">
      <div className="container">
        <div className="mission-section__intro">
          <div className="mission-section__copy">
            <SectionHeading id="mission-title" title={mission.title} eyebrow={mission.eyebrow} />
            {mission.text.map((paragraph) => (
              <p key={paragraph.slice(0, 24)} className="section-lead">
                {paragraph}
              </p>
            ))}
          </div>
          <Illustration
            className="mission-section__art"
            image={mission.image}
            loading="lazy"
            decoding="async"
          />
        </div>
        <MissionCarousel />
      </div>
    </section>
  );
}

function CallToAction() {
  return (
    <div className="cta-phrase">
      <div className="container">
        <Link to={pagePaths.membresias} className="cta-phrase__link">
          <span>{callToAction.text}</span>
          <ArrowRight aria-hidden="true" size={28} className="cta-phrase__arrow" />
        </Link>
      </div>
    </div>
  );
}

function JoinBanner() {
  return (
    <section className="join-banner" aria-labelledby="join-title">
      <div className="container join-banner__inner">
        <Reveal className="join-banner__copy" durationMs={1200}>
          <h2 id="join-title" className="join-banner__title">
            {joinBanner.title}
          </h2>
          <p className="join-banner__text">{joinBanner.text}</p>
          <ButtonLink
            to={{ pathname: pagePaths.membresias, hash: '#form-members' }}
            state={{ scrollOffset: SECTION_OFFSET_FOOTER }}
            variant="accent"
            size="lg"
            iconEnd={<ArrowRight />}
          >
            {joinBanner.action}
          </ButtonLink>
        </Reveal>
      </div>
    </section>
  );
}

function EventsSection() {
  const { data, isPending } = useEvents();
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [calendarUsed, setCalendarUsed] = useState(false);
  const events = data ?? NO_EVENTS;
  return (
    <section id="Eventos" className="events-section">
      <div className="container">
        <EventsTeaser
          events={data}
          loading={isPending}
          onSignUp={() => {
            setCalendarUsed(true);
            setCalendarOpen(true);
          }}
        />
      </div>
      {calendarUsed ? (
        <Suspense fallback={null}>
          <CalendarDialog open={calendarOpen} onClose={() => setCalendarOpen(false)} events={events} />
        </Suspense>
      ) : null}
    </section>
  );
}

function NewsSection() {
  const { data } = useNews();
  return (
    <section id="Noticias" className="section news-section" aria-labelledby="news-title">
      <div className="container">
        <div className="section-head">
          <SectionHeading id="news-title" title={newsSection.title} eyebrow={newsSection.eyebrow} />
        </div>
        <NewsList news={data} />
      </div>
    </section>
  );
}

function ContactSection() {
  return (
    <section id="Contacto" className="section section--teal contact-section" aria-labelledby="contact-title">
      <div className="container">
        <Reveal className="contact-section__grid" durationMs={2000} effect="fade">
          <div className="contact-section__intro">
            <SectionHeading id="contact-title" title={contact.title} eyebrow={contact.eyebrow} />
            <p className="section-lead">{contact.text}</p>
            <address className="business-card">
              <span className="business-card__logo" aria-hidden="true">
                <img src="/images/brand/logo-mark-light.svg" alt="" width="48" height="48" />
              </span>
              <p className="business-card__org">{identity.name}</p>
              <p className="business-card__role">{contact.card.role}</p>
              <ul className="business-card__lines">
                <li>
                  <Phone aria-hidden="true" size={18} />
                  <span className="sr-only">{contact.card.phoneLabel}: </span>
                  <a href={`tel:+52${identity.phone}`}>{identity.phoneDisplay}</a>
                </li>
                <li>
                  <Mail aria-hidden="true" size={18} />
                  <span className="sr-only">{contact.card.emailLabel}: </span>
                  <a href={`mailto:${identity.emails.general}`}>{identity.emails.general}</a>
                </li>
                <li>
                  <Mail aria-hidden="true" size={18} />
                  <span className="sr-only">{contact.card.emailLabel}: </span>
                  <a href={`mailto:${identity.emails.membership}`}>{identity.emails.membership}</a>
                </li>
                <li>
                  <MapPin aria-hidden="true" size={18} />
                  <span className="sr-only">{contact.card.cityLabel}: </span>
                  <span>{identity.city}</span>
                </li>
              </ul>
            </address>
          </div>
          <div className="contact-section__form">
            <h3 id="contact-form-title" className="contact-section__form-title">
              {contact.formTitle}
            </h3>
            <ContactForm labelledBy="contact-form-title" />
          </div>
        </Reveal>
      </div>
    </section>
  );
}

function PartnersSection() {
  return (
    <section className="section partners-section" aria-labelledby="partners-title">
      <div className="container">
        <div className="section-head section-head--center">
          <SectionHeading id="partners-title" title={partnersSection.title} />
          <p className="section-lead">{partnersSection.text}</p>
        </div>
        <PartnersList />
      </div>
    </section>
  );
}

/** Everything of the home page below the banner and the video: hydrated as it nears the viewport. */
export function InicioBelowFold() {
  return (
    <>
      <MissionSection />
      <Counters />
      <CallToAction />
      <JoinBanner />
      <EventsSection />
      <NewsSection />
      <ContactSection />
      <PartnersSection />
    </>
  );
}
