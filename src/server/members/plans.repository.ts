import type { Kysely, Selectable } from 'kysely';
import type { Plan } from '../../shared/member-schemas.ts';
import type { PlanSlug } from '../../shared/members.ts';
import type { Database, MembershipPlansTable } from '../db/schema.ts';

const toPlan = (row: Selectable<MembershipPlansTable>): Plan => ({
  slug: row.slug as PlanSlug,
  name: row.name,
  feeCents: row.fee_cents,
  periodMonths: row.period_months,
  graceDays: row.grace_days,
  seats: row.seats,
});

/** Every plan, in the order the site shows them. */
export async function listPlans(db: Kysely<Database>): Promise<Plan[]> {
  const rows = await db.selectFrom('membership_plans').selectAll().orderBy('position').execute();
  return rows.map(toPlan);
}

export async function getPlan(db: Kysely<Database>, slug: string): Promise<Plan | undefined> {
  const row = await db.selectFrom('membership_plans').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row ? toPlan(row) : undefined;
}

export async function updatePlan(
  db: Kysely<Database>,
  slug: PlanSlug,
  values: Omit<Plan, 'slug'>,
  now: Date,
): Promise<Plan | undefined> {
  const row = await db
    .updateTable('membership_plans')
    .set({
      name: values.name,
      fee_cents: values.feeCents,
      period_months: values.periodMonths,
      grace_days: values.graceDays,
      seats: values.seats,
      updated_at: now.toISOString(),
    })
    .where('slug', '=', slug)
    .returningAll()
    .executeTakeFirst();
  return row ? toPlan(row) : undefined;
}
