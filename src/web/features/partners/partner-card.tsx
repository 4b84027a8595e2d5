import { Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Partner } from '../../../shared/schemas.ts';
import { ContentImage } from '../../components/content-image.tsx';
import './partners.css';

export interface PartnerCardProps {
  partner: Partner;
  /** The link's accessible name; the Socias page calls it a LinkedIn profile. */
  linkLabel?: (name: string) => string;
  /** Icon for the link; a chain link by default. */
  linkIcon?: ReactNode;
  className?: string;
}

/** A partner: photo, name, job and, when there is one, an icon link to her profile (new tab). */
export function PartnerCard({ partner, linkLabel, linkIcon, className }: PartnerCardProps) {
  const image = partner.images[0];
  const label = (linkLabel ?? ((name: string) => `Perfil de ${name}`))(partner.name);
  return (
    <article className={['partner-card', className ?? ''].filter(Boolean).join(' ')}>
      <div className="partner-card__photo">
        <ContentImage
          src={image}
          descriptions={partner.imageDescriptions}
          sizes="160px"
          width={400}
          height={400}
          loading="lazy"
          decoding="async"
        />
      </div>
      <div className="partner-card__body">
        <h3 className="partner-card__name">{partner.name}</h3>
        <p className="partner-card__job">{partner.job}</p>
        {partner.link ? (
          <a
            className="partner-card__link"
            href={partner.link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${label} (se abre en una pestaña nueva)`}
          >
            {linkIcon ?? <Link2 aria-hidden="true" size={20} />}
          </a>
        ) : null}
      </div>
    </article>
  );
}
