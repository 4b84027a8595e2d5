import { ArrowRight } from 'lucide-react';
import { pagePaths } from '../../../shared/api-paths.ts';
import { ButtonLink } from '../../components/button.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { hero, video } from '../../content/home-top.ts';
import { VideoPlayer } from '../../features/video/video-section.tsx';
import { WhenNearViewport } from '../../lib/deferred-hydration.tsx';
import { lazyWithPreload } from '../../lib/lazy-component.tsx';
import './inicio.css';

// The sections below the banner and the video: their code loads (and they hydrate) as the visitor
// scrolls towards them; the server's HTML shows them from the start.
const InicioBelowFold = lazyWithPreload(() => import('./below-fold.tsx').then((m) => m.InicioBelowFold));

function Hero() {
  return (
    <section id="Inicio" className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">{hero.eyebrow}</p>
          <h1 id="hero-title" className="hero__title">
            {hero.title}
          </h1>
          <p className="hero__hashtag">{hero.hashtag}</p>
          <p className="hero__text">{hero.text}</p>
          <div className="hero__actions">
            <ButtonLink to={pagePaths.membresias} variant="accent" size="lg" iconEnd={<ArrowRight />}>
              {hero.primaryAction}
            </ButtonLink>
            <ButtonLink to={{ pathname: pagePaths.inicio, hash: '#Mision' }} variant="light" size="lg">
              {hero.secondaryAction}
            </ButtonLink>
          </div>
        </div>
        <div className="hero__art">
          <Illustration image={hero.image} fetchPriority="high" />
        </div>
      </div>
    </section>
  );
}

function VideoSection() {
  return (
    <section className="section video-section" aria-labelledby="video-title">
      <div className="container video-section__inner">
        <div className="video-section__copy">
          <SectionHeading id="video-title" title={video.title} eyebrow={video.eyebrow} />
          <p className="section-lead">{video.text}</p>
        </div>
        <VideoPlayer />
      </div>
    </section>
  );
}

/** The home page: banner, video, mission, counters, invitations, events, news, contact and members. */
export function InicioPage() {
  return (
    <>
      <Hero />
      <VideoSection />
      <WhenNearViewport load={InicioBelowFold.load} fallback={<Spinner label="Cargando" />}>
        <InicioBelowFold />
      </WhenNearViewport>
    </>
  );
}
