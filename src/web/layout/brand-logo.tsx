import { identity } from '../content/identity.ts';
import './brand-logo.css';

/** The logo: the mark plus the short and full names, set in the site's font. */
export function BrandLogo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <span className={`brand-logo brand-logo--${tone}`}>
      <img
        className="brand-logo__mark"
        src={tone === 'light' ? '/images/brand/logo-mark-light.svg' : '/images/brand/logo-mark.svg'}
        alt=""
        width="48"
        height="48"
      />
      <span className="brand-logo__text">
        <span className="brand-logo__short">{identity.shortName}</span>
        <span className="brand-logo__name">{identity.name}</span>
      </span>
    </span>
  );
}
