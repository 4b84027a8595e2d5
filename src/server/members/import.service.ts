import type { z } from 'zod';
import { addDays, daysInMonth, isoDay, parseIsoDay } from '../../shared/clock.ts';
import { TEXT_LIMITS } from '../../shared/constants.ts';
import { memberMessages, type ImportResultSchema, type Plan } from '../../shared/member-schemas.ts';
import { PLAN_OF_REQUEST } from '../../shared/members.ts';
import { EmailSchema, fieldMessages, requiredText } from '../../shared/schemas.ts';
import { timeOrderedId } from '../db/ids.ts';
import { InvalidInputError } from '../domain-errors.ts';
import { mailTo, newPageLink, type MembersContext } from './context.ts';
import { findColumn, headerKey, parseDay, readCsvRows } from './csv-files.ts';
import { ensureNumber, insertMember } from './members.repository.ts';
import { listPlans } from './plans.repository.ts';
import { addHistory } from './records.repository.ts';
import { scheduleReminders } from './reminders.ts';
import { importedMail } from './templates.ts';

/** The most rows one import takes. */
export const IMPORT_MAX_ROWS = 5_000;

const COLUMNS = {
  fullName: ['nombre', 'nombre completo', 'name', 'full name'],
  email: ['correo', 'correo electronico', 'email', 'e mail'],
  plan: ['plan', 'membresia', 'tipo de membresia', 'tipo'],
  periodEnd: [
    'fin del periodo',
    'vence',
    'vencimiento',
    'fecha de vencimiento',
    'periodo hasta',
    'period end',
    'end',
  ],
  organisation: ['organizacion', 'empresa', 'organization', 'company'],
  position: ['puesto', 'cargo', 'position', 'title'],
} as const;
const REQUIRED = ['fullName', 'email', 'plan', 'periodEnd'] as const;

/** The plan a cell names: its slug, its name, or the request form's type. */
function planOf(text: string, plans: readonly Plan[]): Plan | undefined {
  const key = headerKey(text);
  const fromType = Object.entries(PLAN_OF_REQUEST).find(([type]) => headerKey(type) === key)?.[1];
  return plans.find(
    (plan) => plan.slug === key.replace(/ /g, '-') || headerKey(plan.name) === key || plan.slug === fromType,
  );
}

/** The first day of the period that ends on `end` and lasts `months`. */
function startOf(end: string, months: number): string {
  const anniversary = addDays(parseIsoDay(end)!, 1);
  const index = anniversary.month - 1 - months;
  const year = anniversary.year + Math.floor(index / 12);
  const month = (((index % 12) + 12) % 12) + 1;
  return isoDay({ year, month, day: Math.min(anniversary.day, daysInMonth(year, month)!) });
}

/**
 * Members from the association's own records: each row a member with her period's last day, her number
 * given in order, her reminders written (of those already due, only with `notify`, the latest). An
 * address already a member (or twice in the file) is reported, not imported again. Nothing is mailed
 * unless `notify`.
 */
export async function importMembers(
  context: MembersContext,
  text: string,
  options: { notify: boolean; adminId: string },
): Promise<z.infer<typeof ImportResultSchema>> {
  const rows = readCsvRows(text);
  const header = rows[0] ?? [];
  if (rows.length < 2) throw new InvalidInputError({ file: memberMessages.csvEmpty });
  if (rows.length - 1 > IMPORT_MAX_ROWS)
    throw new InvalidInputError({ file: `Se admiten como máximo ${IMPORT_MAX_ROWS} filas` });
  const column = Object.fromEntries(
    Object.entries(COLUMNS).map(([key, names]) => [key, findColumn(header, names)]),
  ) as Record<keyof typeof COLUMNS, number>;
  const missing = REQUIRED.find((key) => column[key] < 0);
  if (missing) throw new InvalidInputError({ file: memberMessages.csvColumns(COLUMNS[missing][0]) });

  const plans = await listPlans(context.db);
  const result: z.infer<typeof ImportResultSchema> = { imported: 0, duplicates: [], errors: [] };
  const seen = new Set<string>();
  let wrote = false;
  for (const [index, row] of rows.slice(1).entries()) {
    const line = index + 2;
    const cell = (key: keyof typeof COLUMNS) => (column[key] >= 0 ? (row[column[key]] ?? '') : '');
    const fields: Record<string, string> = {};
    const name = requiredText(TEXT_LIMITS.personName).safeParse(cell('fullName'));
    const email = EmailSchema.safeParse(cell('email'));
    const plan = planOf(cell('plan'), plans);
    const periodEnd = parseDay(cell('periodEnd'));
    const first = (parsed: { error?: z.ZodError }) => fieldMessages(parsed.error?.issues ?? [])._ ?? '';
    if (!name.success) fields.fullName = first(name);
    if (!email.success) fields.email = first(email);
    if (!plan) fields.plan = memberMessages.plan;
    if (!periodEnd) fields.periodEnd = 'Usa una fecha AAAA-MM-DD o DD/MM/AAAA';
    if (!name.success || !email.success || !plan || !periodEnd) {
      result.errors.push({ line, fields });
      continue;
    }
    const emailKey = email.data.toLowerCase();
    if (seen.has(emailKey)) {
      result.duplicates.push({ line, email: email.data });
      continue;
    }
    seen.add(emailKey);
    const now = context.now();
    const imported = await context.db.transaction().execute(async (trx) => {
      const id = timeOrderedId(now.getTime());
      const inserted = await insertMember(trx, {
        id,
        number: null,
        full_name: name.data,
        email: email.data,
        email_key: emailKey,
        organisation: cell('organisation').slice(0, TEXT_LIMITS.company),
        position: cell('position').slice(0, TEXT_LIMITS.position),
        phone: '',
        plan: plan.slug,
        status: 'socia',
        period_start: startOf(periodEnd, plan.periodMonths),
        period_end: periodEnd,
        coordinator_id: null,
        request_id: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      if (!inserted) return false;
      const number = await ensureNumber(trx, id, now);
      await addHistory(trx, {
        memberId: id,
        actor: options.adminId,
        action: 'importada',
        detail: `Importada de un CSV con su periodo hasta el ${periodEnd}; número de socia ${number}`,
        at: now,
      });
      const member = { id, email: email.data, planName: plan.name, feeCents: plan.feeCents };
      const period = { periodEnd, graceDays: plan.graceDays };
      await scheduleReminders(trx, context, member, period, now, { pastDue: options.notify });
      if (options.notify) {
        const link = await newPageLink(trx, context, id, now);
        await mailTo(trx, context, email.data, [
          {
            purpose: 'member-imported',
            to: email.data,
            refId: id,
            ...importedMail({ number, periodEnd, link }),
          },
        ]);
      }
      return true;
    });
    if (imported) {
      result.imported++;
      wrote = true;
    } else result.duplicates.push({ line, email: email.data });
  }
  if (wrote) context.wake();
  return result;
}
