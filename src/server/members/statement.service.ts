import { memberMessages, type StatementLine } from '../../shared/member-schemas.ts';
import { findReference } from '../../shared/members.ts';
import { InvalidInputError } from '../domain-errors.ts';
import { HttpError } from '../plugins/errors.ts';
import type { MembersContext } from './context.ts';
import { findColumn, parseAmountCents, parseDay, readCsvRows } from './csv-files.ts';
import { paymentsByReferences } from './payments.repository.ts';
import { recordPayment } from './payments.service.ts';

/**
 * The bank's statement: its CSV read liberally (columns found by their headers in Spanish or English),
 * each deposit matched to a payment waiting under the reference its concept carries, and only when the
 * amount is the payment's own; staff accept the matches they want, and those are recorded.
 */

const DATE_NAMES = ['fecha operacion', 'fecha de operacion', 'fecha', 'fecha valor', 'date', 'posting date'];
/** A column of deposits alone wins over one of signed amounts. */
const CREDIT_NAMES = ['abono', 'abonos', 'deposito', 'depositos', 'credito', 'creditos', 'credit', 'haber'];
const AMOUNT_NAMES = ['importe', 'monto', 'cantidad', 'amount', 'valor'];
const CONCEPT_NAMES = [
  'concepto',
  'descripcion',
  'referencia',
  'referencia alfanumerica',
  'concept',
  'description',
  'reference',
  'detalle',
  'memo',
  'leyenda',
  'observaciones',
];

export interface StatementEntry {
  line: number;
  date: string | null;
  concept: string;
  amountCents: number | null;
  reference: string | null;
}

/** The deposits of a statement, each with the reference of ours its concept carries (if any). */
export function readStatement(text: string): StatementEntry[] {
  const rows = readCsvRows(text);
  const headerAt = rows
    .slice(0, 20)
    .findIndex(
      (row) =>
        (findColumn(row, CREDIT_NAMES) >= 0 || findColumn(row, AMOUNT_NAMES) >= 0) &&
        CONCEPT_NAMES.some((name) => findColumn(row, [name]) >= 0),
    );
  if (headerAt < 0) {
    const first = rows[0] ?? [];
    const missing = findColumn(first, [...CREDIT_NAMES, ...AMOUNT_NAMES]) < 0 ? 'importe' : 'concepto';
    throw new InvalidInputError({
      file: rows.length === 0 ? memberMessages.csvEmpty : memberMessages.csvColumns(missing),
    });
  }
  const header = rows[headerAt]!;
  const dateColumn = findColumn(header, DATE_NAMES);
  const credit = findColumn(header, CREDIT_NAMES);
  const amountColumn = credit >= 0 ? credit : findColumn(header, AMOUNT_NAMES);
  const conceptColumns = CONCEPT_NAMES.map((name) => findColumn(header, [name])).filter(
    (index, position, all) => index >= 0 && all.indexOf(index) === position,
  );
  const entries: StatementEntry[] = [];
  rows.slice(headerAt + 1).forEach((row, index) => {
    const amountCents = parseAmountCents(row[amountColumn] ?? '');
    // Withdrawals and lines without an amount (balances, notes) are no deposit.
    if (amountCents === undefined || amountCents <= 0) return;
    const concept = conceptColumns
      .map((column) => row[column] ?? '')
      .filter(Boolean)
      .join(' · ');
    entries.push({
      line: headerAt + index + 2,
      date: dateColumn >= 0 ? (parseDay(row[dateColumn] ?? '') ?? null) : null,
      concept: concept.slice(0, 500),
      amountCents,
      reference: findReference(concept) ?? findReference(row.join(' ')) ?? null,
    });
  });
  return entries;
}

/** Each deposit with what it matches: never a payment whose amount differs. */
export async function matchStatement(context: MembersContext, text: string): Promise<StatementLine[]> {
  const entries = readStatement(text);
  const references = [...new Set(entries.map((entry) => entry.reference).filter((ref) => ref !== null))];
  const payments = new Map(
    (await paymentsByReferences(context.db, references)).map((payment) => [payment.reference, payment]),
  );
  return entries.map((entry) => {
    const payment = entry.reference ? payments.get(entry.reference) : undefined;
    const found = payment && payment.status !== 'cancelado' ? payment : undefined;
    const match: StatementLine['match'] = !found
      ? 'sin referencia'
      : found.status === 'pagado'
        ? 'ya registrado'
        : found.amount_cents === entry.amountCents
          ? 'coincide'
          : 'importe distinto';
    return {
      ...entry,
      match,
      memberId: found?.member_id ?? null,
      memberNumber: found?.number ?? null,
      fullName: found?.full_name ?? null,
      expectedCents: found?.amount_cents ?? null,
    };
  });
}

export interface AcceptedMatch {
  reference: string;
  amountCents: number;
  paidAt: string;
}

/** Records the matches staff accepted, each in its own transaction; those that no longer fit are refused. */
export async function acceptMatches(
  context: MembersContext,
  matches: readonly AcceptedMatch[],
  adminId: string,
) {
  const recorded: { reference: string; receipt: string; memberId: string }[] = [];
  const refused: { reference: string; reason: string }[] = [];
  const payments = new Map(
    (
      await paymentsByReferences(
        context.db,
        matches.map((match) => findReference(match.reference) ?? match.reference),
      )
    ).map((payment) => [payment.reference, payment]),
  );
  for (const match of matches) {
    const reference = findReference(match.reference) ?? match.reference;
    const payment = payments.get(reference);
    if (!payment || payment.status === 'cancelado') {
      refused.push({ reference, reason: 'No hay un pago pendiente con esta referencia.' });
      continue;
    }
    if (payment.amount_cents !== match.amountCents) {
      refused.push({ reference, reason: 'El importe no es el del pago: no se registró (importe distinto).' });
      continue;
    }
    try {
      const { result } = await recordPayment(
        context,
        payment.member_id,
        { amountCents: match.amountCents, method: 'spei', reference, paidAt: match.paidAt },
        adminId,
      );
      recorded.push({ reference, receipt: result.receipt, memberId: payment.member_id });
    } catch (error) {
      if (!(error instanceof InvalidInputError || error instanceof HttpError)) throw error;
      const reason =
        error instanceof InvalidInputError ? Object.values(error.fields).join(' ') : error.message;
      refused.push({ reference, reason });
    }
  }
  return { recorded, refused };
}
