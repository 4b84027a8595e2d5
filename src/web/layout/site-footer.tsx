import { ExternalLink, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../lib/router.tsx';
import { pagePaths } from '../../shared/api-paths.ts';
import { clock } from '../../shared/clock.ts';
import { SECTION_OFFSET_FOOTER } from '../../shared/constants.ts';
import { ButtonLink } from '../components/button.tsx';
import { NewsletterForm } from '../components/newsletter-form.tsx';
import { identity } from '../content/identity.ts';
import { BrandLogo } from './brand-logo.tsx';
import { InstagramIcon, LinkedInIcon, YouTubeIcon } from './brand-icons.tsx';
import { NEW_TAB_HINT, navTargets } from './nav-links.ts';
import type { ScrollState } from './route-effects.ts';
import './site-footer.css';

const footerScroll: ScrollState = { scrollOffset: SECTION_OFFSET_FOOTER };

function SocialLink({
  href,
  label,
  icon,
  external = true,
}: {
  href: string;
  label: string;
  icon: ReactNode;
  external?: boolean;
}) {
  return (
    <li>
      <a
        className="site-footer__social"
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        <span className="site-footer__social-icon">{icon}</span>
        <span>{label}</span>
        {external ? <span className="sr-only"> {NEW_TAB_HINT}</span> : null}
      </a>
    </li>
  );
}

/** Navigation, the join button, social links and the legal lines. */
export function SiteFooter() {
  // The association's year, so the server's HTML and the visitor's browser agree on New Year's Eve.
  const year = clock.today().year;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to={navTargets.inicio} className="site-footer__logo">
            <BrandLogo tone="light" />
            <span className="sr-only">, ir a Inicio</span>
          </Link>
          <p className="site-footer__tagline">{identity.tagline}</p>
          <ButtonLink to={navTargets.membresias} variant="accent">
            Hazte socia
          </ButtonLink>
        </div>

        <nav className="site-footer__nav" aria-label="Pie de página">
          <h2 className="site-footer__heading">Navegación</h2>
          <ul>
            <li>
              <Link to={navTargets.inicio}>Inicio</Link>
            </li>
            <li>
              <Link to={navTargets.eventos} state={footerScroll}>
                Eventos
              </Link>
            </li>
            <li>
              <Link to={navTargets.membresias}>Membresía</Link>
            </li>
            <li>
              <Link to={navTargets.socias}>Socias</Link>
            </li>
            <li>
              <Link to={navTargets.aportaciones}>Donaciones</Link>
            </li>
            <li>
              <a href={identity.sisterOrganisation.url} target="_blank" rel="noopener noreferrer">
                {identity.sisterOrganisation.label}
                <ExternalLink aria-hidden="true" size={14} className="site-footer__external" />
                <span className="sr-only"> {NEW_TAB_HINT}</span>
              </a>
            </li>
          </ul>
        </nav>

        <div className="site-footer__connect">
          <h2 className="site-footer__heading" lang="en">
            Connect with us online
          </h2>
          <ul className="site-footer__socials">
            <SocialLink
              href={`mailto:${identity.emails.general}`}
              label={identity.emails.general}
              icon={<Mail aria-hidden="true" size={20} />}
              external={false}
            />
            <SocialLink href={identity.social.linkedin} label="LinkedIn" icon={<LinkedInIcon size={20} />} />
            <SocialLink
              href={identity.social.instagram}
              label="Instagram"
              icon={<InstagramIcon size={20} />}
            />
            <SocialLink href={identity.social.youtube} label="YouTube" icon={<YouTubeIcon size={20} />} />
          </ul>
        </div>

        <section className="site-footer__newsletter" aria-labelledby="footer-newsletter-title">
          <div>
            <h2 id="footer-newsletter-title" className="site-footer__heading">
              Boletín
            </h2>
            <p>Noticias, eventos y oportunidades de la asociación en tu correo, una vez al mes.</p>
          </div>
          <NewsletterForm labelledBy="footer-newsletter-title" />
        </section>
      </div>

      <div className="site-footer__legal">
        <p>
          © {year} {identity.name}
        </p>
        <p>Todos los derechos reservados.</p>
        <p>
          <Link to={pagePaths.avisoPrivacidad} className="site-footer__privacy">
            Aviso de privacidad
          </Link>
        </p>
        <p>
          <Link to={pagePaths.derechosArco} className="site-footer__privacy">
            Derechos ARCO
          </Link>
        </p>
        <p>
          <Link to={pagePaths.accesibilidad} className="site-footer__privacy">
            Accesibilidad
          </Link>
        </p>
      </div>
    </footer>
  );
}
