import { ArrowRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { pagePaths } from '../../../shared/api-paths.ts';
import { AlertDialog } from '../../components/alert-dialog.tsx';
import { ButtonLink } from '../../components/button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { identity } from '../../content/identity.ts';
import { council, founders, membersBanner, membersPage } from '../../content/members.ts';
import { CardRow } from '../../features/members/card-row.tsx';
import {
  MemberDirectory,
  directoryTexts,
  useMemberDirectory,
} from '../../features/members/member-directory.tsx';
import { ProfileCard } from '../../features/members/profile-card.tsx';
import { usePartners } from '../../features/partners/get-partners.ts';
import { PartnerCard } from '../../features/partners/partner-card.tsx';
import { LinkedInIcon } from '../../layout/brand-icons.tsx';
import styles from './socias-page.module.css';

/** /Socias: founders, partners from the API and the council, then an invitation to join. */
export function SociasPage() {
  const partners = usePartners();
  const directory = useMemberDirectory();
  // The alert belongs to one failure: it stays closed once dismissed, until a new failure arrives.
  const [dismissedFailure, setDismissedFailure] = useState(0);
  const failure = partners.isError ? partners.errorUpdatedAt : 0;
  const alertOpen = failure !== 0 && failure !== dismissedFailure;

  useEffect(() => {
    if (partners.error) console.error('No se pudo cargar la lista de socias', partners.error);
  }, [partners.error]);

  const list = partners.data ?? [];

  return (
    <div id="Socias" className={styles.page}>
      <section className={styles.intro} aria-labelledby="socias-title">
        <div className={`container ${styles.introInner}`}>
          <span className={styles.introEyebrow}>{identity.name}</span>
          <h1 id="socias-title" className={styles.title}>
            {membersPage.title}
          </h1>
          <p className={styles.introText}>{membersPage.intro}</p>
        </div>
      </section>

      <section className={`${styles.block} ${styles.founders}`} aria-labelledby="socias-fundadoras">
        <div className="container">
          <header className={styles.blockHead}>
            <SectionHeading id="socias-fundadoras" title={membersPage.foundersTitle} />
            <p className={styles.blockText}>{membersPage.foundersIntro}</p>
          </header>
          <CardRow labelledBy="socias-fundadoras">
            {founders.map((profile) => (
              <ProfileCard key={profile.name} profile={profile} />
            ))}
          </CardRow>
        </div>
      </section>

      <section className={styles.partners} aria-labelledby="socias-lista" aria-busy={partners.isPending}>
        <div className="container">
          <header className={styles.blockHead}>
            <SectionHeading id="socias-lista" title={membersPage.partnersTitle} />
            <p className={styles.blockText}>{membersPage.partnersIntro}</p>
          </header>
          {partners.isPending ? (
            <div className={styles.loading}>
              <Spinner size="lg" label={membersPage.partnersLoading} showLabel />
            </div>
          ) : list.length > 0 ? (
            <CardRow labelledBy="socias-lista" columns={4}>
              {list.map((partner) => (
                <PartnerCard
                  key={partner.id}
                  partner={partner}
                  linkLabel={membersPage.linkedInLabel}
                  linkIcon={<LinkedInIcon size={20} />}
                />
              ))}
            </CardRow>
          ) : (
            <p className={styles.empty}>{membersPage.partnersEmpty}</p>
          )}
        </div>
      </section>

      {partners.isPending ? null : (
        <section className={styles.council} aria-labelledby="socias-consejo">
          <div className="container">
            <header className={styles.blockHead}>
              <SectionHeading id="socias-consejo" title={membersPage.councilTitle} />
              <p className={styles.blockText}>{membersPage.councilIntro}</p>
            </header>
            <CardRow labelledBy="socias-consejo">
              {council.map((profile) => (
                <ProfileCard key={profile.name} profile={profile} />
              ))}
            </CardRow>
          </div>
        </section>
      )}

      <section className={styles.banner} aria-label={membersBanner.cta}>
        <div className="container">
          <div className={styles.bannerInner}>
            <p className={styles.bannerText}>{membersBanner.text}</p>
            <ButtonLink to={pagePaths.membresias} variant="light" size="lg" iconEnd={<ArrowRight />}>
              {membersBanner.cta}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className={styles.directory} aria-labelledby="socias-directorio">
        <div className="container">
          <header className={styles.blockHead}>
            <SectionHeading id="socias-directorio" title={directoryTexts.title} />
            <p className={styles.blockText}>{directoryTexts.intro}</p>
          </header>
          {directory.data ? (
            <MemberDirectory entries={directory.data} labelledBy="socias-directorio" />
          ) : directory.isError ? (
            <p>{membersPage.partnersErrorTitle}</p>
          ) : (
            <Spinner size="lg" label="Cargando el directorio" showLabel />
          )}
        </div>
      </section>

      <AlertDialog
        open={alertOpen}
        kind="error"
        title={membersPage.partnersErrorTitle}
        text={membersPage.partnersError}
        onConfirm={() => setDismissedFailure(failure)}
      />
    </div>
  );
}
