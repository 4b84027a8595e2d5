import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MembershipType } from '../../../shared/constants.ts';
import type { Plan } from '../../../shared/member-schemas.ts';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { membershipForms, membershipPlans } from '../../content/membership.ts';
import { Spinner } from '../../components/spinner.tsx';
import type { PreloadableComponent } from '../../lib/lazy-component.tsx';
import { MembershipFee } from './membership-fees.tsx';
import styles from './membership-plans.module.css';

/** What the plans tell the request form: the chosen tab's type, or (without tabs) the list's first choice. */
export type PlanRequestFormProps = ({ membership: MembershipType } | { chooseMembership: MembershipType }) & {
  labelledBy?: string;
};

export interface MembershipPlansProps {
  associationName: string;
  /** Id of the section heading, which shows the banner text of the chosen plan. */
  headingId?: string;
  /**
   * The request form the join button opens, its code loaded on demand. The page hands it in: features
   * do not import each other.
   */
  requestForm: PreloadableComponent<PlanRequestFormProps>;
  /** The plans with their fees (`GET /api/membership/plans`); no fee is shown until they are known. */
  fees?: readonly Plan[];
}

/**
 * The three membership plans as WAI-ARIA tabs (arrow keys, Home and End move and select), the banner
 * text of the chosen plan, its benefits and the join button that opens the request form.
 */
export function MembershipPlans({
  associationName,
  headingId,
  requestForm: MembershipRequestForm,
  fees,
}: MembershipPlansProps) {
  const baseId = useId();
  const fallbackHeadingId = `${baseId}-heading`;
  const titleId = headingId ?? fallbackHeadingId;
  const formRegionId = `${baseId}-form`;
  const formTitleId = `${baseId}-form-title`;
  const [selected, setSelected] = useState(0);
  const [formOpen, setFormOpen] = useState(false);
  // Mounted from the first opening on, so what was typed survives closing it and changing tabs.
  const [formUsed, setFormUsed] = useState(false);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const plan = membershipPlans[selected] ?? membershipPlans[0];
  if (!plan) return null;

  const select = (index: number) => {
    const count = membershipPlans.length;
    const next = (index + count) % count;
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: membershipPlans.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className={styles.plans}>
      <header className={styles.banner}>
        <span className="eyebrow">{membershipForms.eyebrow}</span>
        <h2 id={titleId} className="section-title">
          {plan.banner(associationName)}
        </h2>
      </header>

      <div role="tablist" aria-label={membershipForms.tabsLabel} className={styles.tablist}>
        {membershipPlans.map((item, index) => {
          const isSelected = index === selected;
          return (
            <button
              key={item.type}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.tab}`}
              aria-controls={`${baseId}-panel-${item.tab}`}
              aria-selected={isSelected}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => setSelected(index)}
              onKeyDown={(event) => onTabKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>

      <div className={styles.layout} data-open={formOpen}>
        {membershipPlans.map((item, index) => (
          <div
            key={item.type}
            role="tabpanel"
            id={`${baseId}-panel-${item.tab}`}
            aria-labelledby={`${baseId}-tab-${item.tab}`}
            hidden={index !== selected}
            tabIndex={0}
            className={styles.panel}
          >
            <Card as="article" tone="plain" padding="lg" className={styles.card}>
              <div className={styles.cardHead}>
                <h3 className={styles.cardTitle}>Membresía {item.label}</h3>
                <p className={styles.audience}>{item.audience}</p>
                <MembershipFee type={item.type} plans={fees} />
              </div>
              <h4 className={styles.benefitsTitle}>{membershipForms.benefitsTitle}</h4>
              <ul className={styles.benefits}>
                {item.benefits.map((benefit) => (
                  <li key={benefit}>
                    <Check aria-hidden="true" className={styles.check} size={20} strokeWidth={2.5} />
                    <span>{benefit}</span>
                  </li>
                ))}
              </ul>
              <p className={styles.note}>{membershipForms.levelNote}</p>
              <Button
                variant={formOpen ? 'secondary' : 'primary'}
                size="lg"
                className={styles.join}
                aria-expanded={formOpen}
                aria-controls={formRegionId}
                iconEnd={formOpen ? <ChevronUp /> : <ChevronDown />}
                onClick={() => {
                  setFormUsed(true);
                  setFormOpen((open) => !open);
                }}
                onPointerEnter={() => void MembershipRequestForm.load()}
              >
                {membershipForms.joinButton(associationName)}
              </Button>
            </Card>
          </div>
        ))}

        <section
          id={formRegionId}
          aria-labelledby={formTitleId}
          hidden={!formOpen}
          className={styles.formRegion}
        >
          <Card tone="warm" padding="lg" className={styles.formCard}>
            <h3 id={formTitleId} className={styles.formTitle}>
              {membershipForms.formTitle(plan.type)}
            </h3>
            <p className={styles.formIntro}>{membershipForms.formIntro}</p>
            {formUsed ? (
              <Suspense fallback={<Spinner label="Cargando el formulario" />}>
                <MembershipRequestForm membership={plan.type} labelledBy={formTitleId} />
              </Suspense>
            ) : null}
          </Card>
        </section>
      </div>

      {/* Without script the tabs and the join button do nothing: the form shows as it is, with a list
          for the membership type, and the browser posts it to the server. */}
      <noscript>
        <Card tone="warm" padding="lg" className={styles.formCard}>
          <h3 id={`${baseId}-plain-form-title`} className={styles.formTitle}>
            {membershipForms.plainFormTitle}
          </h3>
          <p className={styles.formIntro}>{membershipForms.formIntro}</p>
          <Suspense fallback={null}>
            <MembershipRequestForm chooseMembership={plan.type} labelledBy={`${baseId}-plain-form-title`} />
          </Suspense>
        </Card>
      </noscript>
    </div>
  );
}
