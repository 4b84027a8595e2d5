import { sql, type Kysely } from 'kysely';
import { addDays, clock, parseIsoDay } from '../../shared/clock.ts';
import type { Database } from '../db/schema.ts';
import type { OutboxMessage } from '../mail/outbox.repository.ts';
import { mailTo, newPageLink, type MembersContext } from './context.ts';
import { reminderMail, type ReminderKind } from './templates.ts';

/**
 * Renewal reminders: 30 and 7 days before a period's last day, on that day, 15 days into the grace,
 * and a notice when the grace is over. They are outbox rows with their own time (`sendAt`), written in
 * the transaction that records the payment: the outbox sends each once, across crashes and instances
 * (on its bulk stream, whose wire mark keeps a crash from sending one twice; one a crash leaves between
 * the mark and the mail server's answer is `uncertain`, and is not sent again).
 * The next payment deletes those still waiting and writes its own; leaving deletes them.
 */

/** Reminders go out at this local hour of their day. */
const SEND_HOUR = 9;

export const REMINDER_PURPOSES: Record<ReminderKind, string> = {
  'days-30': 'member-reminder-30',
  'days-7': 'member-reminder-7',
  'last-day': 'member-reminder-0',
  grace: 'member-reminder-grace',
  lapsed: 'member-lapsed',
};

export const REMINDER_LABELS: Record<string, string> = {
  'member-reminder-30': '30 días antes del vencimiento',
  'member-reminder-7': '7 días antes del vencimiento',
  'member-reminder-0': 'El día del vencimiento',
  'member-reminder-grace': 'A los 15 días del periodo de gracia',
  'member-lapsed': 'Aviso de membresía vencida',
};

export interface ScheduledReminder {
  kind: ReminderKind;
  sendAt: Date;
}

/**
 * The reminders of a period ending on `periodEnd` (YYYY-MM-DD) with `graceDays` of grace, as seen at
 * `now`: every one still to come, and of those whose moment has passed only the latest (an imported
 * member, a payment recorded late), unless `pastDue` is false. A grace too short for the reminder at
 * 15 days goes without it.
 */
export function reminderSchedule(
  periodEnd: string,
  graceDays: number,
  now: Date,
  pastDue = true,
): ScheduledReminder[] {
  const end = parseIsoDay(periodEnd);
  if (!end) return [];
  const at = (days: number) => clock.instantOf({ ...addDays(end, days), hour: SEND_HOUR });
  const all: ScheduledReminder[] = [
    { kind: 'days-30', sendAt: at(-30) },
    { kind: 'days-7', sendAt: at(-7) },
    { kind: 'last-day', sendAt: at(0) },
    ...(graceDays >= 15 ? [{ kind: 'grace' as const, sendAt: at(15) }] : []),
    { kind: 'lapsed', sendAt: at(graceDays + 1) },
  ];
  const past = all.filter((reminder) => reminder.sendAt.getTime() <= now.getTime());
  const future = all.filter((reminder) => reminder.sendAt.getTime() > now.getTime());
  const latestPast = pastDue ? past.at(-1) : undefined;
  return latestPast ? [latestPast, ...future] : future;
}

const reminderPurposes = Object.values(REMINDER_PURPOSES);

/** Deletes the member's reminders still waiting (a payment replaced them, or she left). */
export async function deletePendingReminders(db: Kysely<Database>, memberId: string): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('ref_id', '=', memberId)
    .where('purpose', 'in', reminderPurposes)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Replaces the member's waiting reminders with those of her new period, in the caller's transaction.
 * Each mail carries its own link to her page.
 */
export async function scheduleReminders(
  db: Kysely<Database>,
  context: MembersContext,
  member: { id: string; email: string; planName: string; feeCents: number },
  period: { periodEnd: string; graceDays: number },
  now: Date,
  options: { pastDue?: boolean } = {},
): Promise<number> {
  await deletePendingReminders(db, member.id);
  const schedule = reminderSchedule(period.periodEnd, period.graceDays, now, options.pastDue ?? true);
  const messages: OutboxMessage[] = [];
  for (const reminder of schedule) {
    const link = await newPageLink(db, context, member.id, now);
    messages.push({
      purpose: REMINDER_PURPOSES[reminder.kind],
      // The bulk stream: its end of data waits for a durable wire mark, so a reminder is sent once
      // across a crash, never twice (decision 039). It shares the newsletter's rate.
      stream: 'bulk',
      to: member.email,
      refId: member.id,
      sendAt: reminder.sendAt.toISOString(),
      ...reminderMail(reminder.kind, {
        ...period,
        planName: member.planName,
        feeCents: member.feeCents,
        link,
      }),
    });
  }
  await mailTo(db, context, member.email, messages);
  return messages.length;
}

/** The member's reminders as her history shows them: waiting, sent, failed or cancelled. */
export async function remindersOf(db: Kysely<Database>, memberId: string) {
  const rows = await db
    .selectFrom('outbox')
    .select(['purpose', 'status', 'next_attempt_at', 'created_at', 'sent_at', 'last_error'])
    .where('ref_id', '=', memberId)
    .where('purpose', 'in', reminderPurposes)
    .orderBy(sql`coalesce(sent_at, next_attempt_at)`)
    .execute();
  const state = (status: string) =>
    status === 'sent'
      ? ('enviado' as const)
      : status === 'failed'
        ? ('fallido' as const)
        : status === 'cancelled'
          ? ('cancelado' as const)
          : status === 'sending'
            ? ('enviando' as const)
            : status === 'uncertain'
              ? ('sin_confirmar' as const)
              : ('programado' as const);
  return rows.map((row) => ({
    purpose: row.purpose,
    label: REMINDER_LABELS[row.purpose] ?? row.purpose,
    sendAt: row.status === 'pending' ? row.next_attempt_at : (row.sent_at ?? row.next_attempt_at),
    state: state(row.status),
    sentAt: row.sent_at,
    lastError: row.status === 'sent' ? null : row.last_error,
  }));
}
