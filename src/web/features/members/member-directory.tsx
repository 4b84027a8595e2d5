import { membershipPublicRoutes } from '../../../shared/api-paths.ts';
import type { DirectoryEntry } from '../../../shared/member-schemas.ts';
import { getJson } from '../../api/client.ts';
import { useQuery } from '../../api/query.tsx';
import { membershipKeys } from '../../api/membership-keys.ts';
import styles from './members.module.css';

/** The members who chose to appear, each with the fields she chose (`GET /api/membership/directory`). */
export const useMemberDirectory = () =>
  useQuery<DirectoryEntry[]>({
    queryKey: membershipKeys.directory,
    queryFn: async () => (await getJson<{ data: DirectoryEntry[] }>(membershipPublicRoutes.directory)).data,
    staleTime: 60_000,
  });

export const directoryTexts = {
  title: 'Directorio de socias',
  intro:
    'Socias con la membresía al día que eligieron aparecer aquí, con los datos que cada una decidió mostrar.',
  empty: 'Aún ninguna socia ha elegido aparecer en el directorio.',
  unnamed: (number: number) => `Socia núm. ${number}`,
  linkedin: (name: string) => `Perfil de LinkedIn de ${name}`,
};

/** One list of the directory's entries; each shows only what its member chose. */
export function MemberDirectory({
  entries,
  labelledBy,
}: {
  entries: readonly DirectoryEntry[];
  labelledBy: string;
}) {
  if (entries.length === 0) return <p className={styles.directoryEmpty}>{directoryTexts.empty}</p>;
  return (
    <ul className={`list-plain ${styles.directory}`} aria-labelledby={labelledBy}>
      {entries.map((entry) => {
        const name = entry.fullName ?? directoryTexts.unnamed(entry.number);
        return (
          <li key={entry.number} className={styles.directoryEntry}>
            <p className={styles.directoryName}>{name}</p>
            {entry.position ? <p className={styles.directoryDetail}>{entry.position}</p> : null}
            {entry.organisation ? <p className={styles.directoryDetail}>{entry.organisation}</p> : null}
            {entry.linkedin ? (
              <a
                href={entry.linkedin}
                rel="noopener noreferrer"
                target="_blank"
                className={styles.directoryLink}
              >
                LinkedIn<span className="sr-only"> ({directoryTexts.linkedin(name)})</span>
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
