import { ExternalLink, Menu, X } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from '../lib/router.tsx';
import { ButtonLink } from '../components/button.tsx';
import { identity } from '../content/identity.ts';
import { useScrollSpy } from '../lib/use-scroll-spy.ts';
import { BrandLogo } from './brand-logo.tsx';
import { NEW_TAB_HINT, navTargets } from './nav-links.ts';
import './site-header.css';

const navClass = ({ isActive }: { isActive: boolean }) => `site-nav__link${isActive ? ' is-active' : ''}`;

/**
 * Logo, main menu and the "Hazte socia" button. At 930 px and below the menu folds behind a checkbox
 * toggle (it works with the keyboard and even before scripts load) and closes after any link click.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const onHome = pathname === navTargets.inicio;
  const spy = useScrollSpy(onHome);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleId = useId();
  const navId = useId();

  // Any navigation (including back/forward) folds the menu; the state update is deferred to the
  // browser's next frame so it never runs inside a render.
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => setMenuOpen(false));
    return () => window.cancelAnimationFrame(frame);
  }, [pathname]);

  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) setMenuOpen(false);
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      document.getElementById(toggleId)?.focus();
    }
  };

  const spyClass = (section: 'Eventos' | 'Noticias') =>
    `site-nav__link${spy === section ? ' is-active' : ''}`;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={navTargets.inicio} className="site-header__logo">
          <BrandLogo />
          <span className="sr-only">, ir a Inicio</span>
        </Link>

        <input
          id={toggleId}
          type="checkbox"
          className="site-nav__toggle"
          checked={menuOpen}
          onChange={(event) => setMenuOpen(event.target.checked)}
          aria-controls={navId}
          aria-label="Menú principal"
        />
        <label htmlFor={toggleId} className="site-nav__burger" aria-hidden="true">
          {menuOpen ? <X size={26} /> : <Menu size={26} />}
        </label>

        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- delegation: the links inside are the controls */}
        <nav
          id={navId}
          className="site-nav"
          aria-label="Principal"
          onClick={closeOnLink}
          onKeyDown={closeOnEscape}
        >
          <ul className="site-nav__list">
            <li>
              <NavLink
                to={navTargets.inicio}
                end
                className={({ isActive }) => navClass({ isActive: isActive && spy === null })}
              >
                Inicio
              </NavLink>
            </li>
            <li>
              <NavLink to={navTargets.membresias} end className={navClass}>
                Membresía
              </NavLink>
            </li>
            <li>
              <Link
                to={navTargets.eventos}
                className={spyClass('Eventos')}
                aria-current={spy === 'Eventos' ? 'location' : undefined}
              >
                Eventos
              </Link>
            </li>
            <li>
              <Link
                to={navTargets.noticias}
                className={spyClass('Noticias')}
                aria-current={spy === 'Noticias' ? 'location' : undefined}
              >
                Noticias
              </Link>
            </li>
            <li>
              <NavLink to={navTargets.socias} end className={navClass}>
                Socias
              </NavLink>
            </li>
            <li>
              <NavLink to={navTargets.aportaciones} end className={navClass}>
                Transparencia
              </NavLink>
            </li>
            <li>
              <a
                className="site-nav__link"
                href={identity.sisterSite.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {identity.sisterSite.label}
                <ExternalLink aria-hidden="true" size={14} className="site-nav__external" />
                <span className="sr-only"> {NEW_TAB_HINT}</span>
              </a>
            </li>
            <li>
              <Link to={navTargets.membresiaSection} className="site-nav__link site-nav__link--join">
                Hazte Socia
              </Link>
            </li>
          </ul>
        </nav>

        <ButtonLink to={navTargets.membresias} variant="accent" size="sm" className="site-header__cta">
          Hazte socia
        </ButtonLink>
      </div>
    </header>
  );
}
