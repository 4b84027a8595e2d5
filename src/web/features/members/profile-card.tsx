import { Card } from '../../components/card.tsx';
import { Illustration } from '../../components/illustration.tsx';
import type { MemberProfile } from '../../content/members.ts';
import styles from './members.module.css';

/** A static member card: illustrated portrait, name and role. */
export function ProfileCard({ profile }: { profile: MemberProfile }) {
  return (
    <Card as="article" padding="none" interactive className={styles.profileCard}>
      <Illustration
        className={styles.portrait}
        image={{ src: profile.image, alt: profile.alt, width: 240, height: 240 }}
        loading="lazy"
        decoding="async"
      />
      <div className={styles.profileText}>
        <h3 className={styles.profileName}>{profile.name}</h3>
        <p className={styles.profileRole}>{profile.role}</p>
      </div>
    </Card>
  );
}
