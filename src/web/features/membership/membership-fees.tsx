import { membershipPublicRoutes } from '../../../shared/api-paths.ts';
import type { MembershipType } from '../../../shared/constants.ts';
import type { Plan } from '../../../shared/member-schemas.ts';
import { getJson } from '../../api/client.ts';
import { useQuery } from '../../api/query.tsx';
import { membershipKeys } from '../../api/membership-keys.ts';
import styles from './membership-plans.module.css';

/** The plans with their fees, as `GET /api/membership/plans` answers them. */
export const useMembershipFees = () =>
  useQuery<Plan[]>({
    queryKey: membershipKeys.plans,
    queryFn: async () => (await getJson<{ data: Plan[] }>(membershipPublicRoutes.plans)).data,
    staleTime: 5 * 60_000,
  });

/** The plans a tab of the request form sells: a corporate membership comes in three sizes. */
const plansOf = (type: MembershipType, plans: readonly Plan[]) =>
  plans.filter((plan) =>
    type === 'Corporativa' ? plan.slug.startsWith('corporativa-') : plan.slug === type.toLowerCase(),
  );

// Written here rather than taken from shared/members.ts, whose rules the public pages do not need.
/** "$1,200.00 MXN", as the receipts write it. */
const formatPesos = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MXN`;

const periodText = (months: number) => (months === 12 ? 'al año' : `por ${months} meses`);

/** A plan's fee (or a corporate plan's three), as the tab's card shows it. */
export function MembershipFee({ type, plans }: { type: MembershipType; plans: readonly Plan[] | undefined }) {
  const shown = plansOf(type, plans ?? []);
  if (shown.length === 0) return null;
  if (shown.length === 1) {
    const plan = shown[0]!;
    return (
      <p className={styles.fee}>
        <span className={styles.feeAmount}>{formatPesos(plan.feeCents)}</span>{' '}
        <span>{periodText(plan.periodMonths)}</span>
      </p>
    );
  }
  return (
    <ul className={styles.fees} aria-label="Cuotas de la membresía corporativa">
      {shown.map((plan) => (
        <li key={plan.slug}>
          <span>{plan.seats} membresías:</span>{' '}
          <span className={styles.feeAmount}>{formatPesos(plan.feeCents)}</span>{' '}
          <span>{periodText(plan.periodMonths)}</span>
        </li>
      ))}
    </ul>
  );
}
