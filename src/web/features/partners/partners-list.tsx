import { Spinner } from '../../components/spinner.tsx';
import { partnersSection } from '../../content/home.ts';
import { PartnerCard } from './partner-card.tsx';
import { usePartners } from './get-partners.ts';

/** The home page's members list: a loader, then one card per partner. Errors leave it empty. */
export function PartnersList() {
  const { data, isPending } = usePartners();
  if (isPending) {
    return (
      <div className="partners-list__loading">
        <Spinner label={partnersSection.loading} showLabel />
      </div>
    );
  }
  if (!data || data.length === 0) return null;
  return (
    <ul className="partners-list">
      {data.map((partner) => (
        <li key={partner.id}>
          <PartnerCard partner={partner} linkLabel={partnersSection.linkLabel} />
        </li>
      ))}
    </ul>
  );
}
