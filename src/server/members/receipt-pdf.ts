import { fileURLToPath } from 'node:url';
import type PDFKit from 'pdfkit';
import { clock, isoDay } from '../../shared/clock.ts';
import { formatPesos, longDay } from '../../shared/members.ts';
import { organisation } from '../../shared/organisation.ts';
import { lazyPackage } from '../lib/lazy-package.ts';

// pdfkit is loaded with the first receipt asked for, not at start.
const loadPdfKit = lazyPackage<typeof PDFKit>('pdfkit');

const font = (weight: 400 | 600 | 700) =>
  fileURLToPath(new URL(`../assets/fonts/inter-latin-${weight}-normal.woff`, import.meta.url));

/** What a receipt says: one paid membership fee. */
export interface Receipt {
  folio: string;
  payerName: string;
  memberNumber: number | null;
  planName: string;
  amountCents: number;
  /** The instant it was paid (its day is read on the association's clock). */
  paidAt: string;
  method: string;
  reference: string;
  periodStart: string | null;
  periodEnd: string | null;
}

const METHOD_NAMES: Record<string, string> = {
  spei: 'Transferencia electrónica (SPEI)',
  efectivo: 'Efectivo',
  otro: 'Otro',
};

const INK = '#16292b';
const MUTED = '#47595c';
const BRAND = '#0f5257';

/**
 * A receipt as a PDF: letter size, portrait, in the site's typeface (Inter), with the folio, the
 * member, the plan, the amount written in pesos, the day on the association's clock, and the words
 * "Recibo no fiscal": it is no CFDI.
 */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const PDFDocument = loadPdfKit();
  const paidDay = longDay(isoDay(clock.day(receipt.paidAt)!));
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'portrait',
    margin: 64,
    info: {
      Title: `Recibo ${receipt.folio}`,
      Author: organisation.name,
      Subject: 'Recibo no fiscal de cuota de membresía',
    },
  });
  doc.registerFont('regular', font(400));
  doc.registerFont('semibold', font(600));
  doc.registerFont('bold', font(700));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 128;
  doc.font('bold').fontSize(20).fillColor(BRAND).text(organisation.name, { width });
  doc.moveDown(0.2);
  doc.font('regular').fontSize(11).fillColor(MUTED).text('Asociación civil', { width });
  doc.moveDown(1.5);

  doc.font('bold').fontSize(16).fillColor(INK).text('Recibo de cuota de membresía', { width });
  doc.moveDown(0.3);
  doc.font('semibold').fontSize(12).fillColor(INK).text(`Folio ${receipt.folio}`, { width });
  doc.font('regular').fontSize(11).fillColor(MUTED).text(`Fecha de pago: ${paidDay}`, { width });
  doc.moveDown(1.2);

  const row = (label: string, value: string) => {
    doc.font('semibold').fontSize(11).fillColor(MUTED).text(label, { width });
    doc.font('regular').fontSize(12).fillColor(INK).text(value, { width });
    doc.moveDown(0.6);
  };
  row('Recibimos de', receipt.payerName || '—');
  if (receipt.memberNumber !== null) row('Número de socia', String(receipt.memberNumber));
  const period =
    receipt.periodStart && receipt.periodEnd
      ? `, periodo del ${longDay(receipt.periodStart)} al ${longDay(receipt.periodEnd)}`
      : '';
  row('Concepto', `Cuota de membresía, plan ${receipt.planName}${period}`);
  row('Forma de pago', `${METHOD_NAMES[receipt.method] ?? receipt.method}; referencia ${receipt.reference}`);

  doc.moveDown(0.4);
  doc.font('semibold').fontSize(11).fillColor(MUTED).text('Importe', { width });
  doc.font('bold').fontSize(22).fillColor(BRAND).text(formatPesos(receipt.amountCents), { width });
  doc.moveDown(2);

  doc.font('bold').fontSize(12).fillColor(INK).text('Recibo no fiscal', { width });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      'Este documento acredita el pago de la cuota de membresía. No es un comprobante fiscal digital por ' +
        'internet (CFDI). Se conserva cinco años como registro contable.',
      { width },
    );
  doc.end();
  return done;
}
