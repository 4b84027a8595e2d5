import { ArrowRight } from 'lucide-react';
import { Link } from '../lib/router.tsx';
import { identity } from '../content/identity.ts';
import { navTargets } from './nav-links.ts';
import './top-banner.css';

/** The gradient strip above the header, inviting visitors to the membership section. */
export function TopBanner() {
  return (
    <div className="top-banner">
      <Link className="top-banner__link" to={navTargets.membresiaSection}>
        <span>
          Obtén tu membresía {identity.name} - <strong>CONÉCTATE AHORA</strong>
        </span>
        <ArrowRight aria-hidden="true" size={16} className="top-banner__arrow" />
      </Link>
    </div>
  );
}
