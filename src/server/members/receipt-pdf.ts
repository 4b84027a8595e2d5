import { clock, isoDay } from '../../shared/clock.ts';
import { formatPesos, longDay } from '../../shared/members.ts';
import { organisation } from '../../shared/organisation.ts';
import { PDF_COLOURS, pdfDocument } from '../lib/pdf-document.ts';

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

const { ink: INK, muted: MUTED, brand: BRAND } = PDF_COLOURS;

/**
 * A receipt as a PDF: letter size, portrait, in the site's typeface (Inter), with the folio, the
 * member, the plan, the amount written in pesos, the day on the association's clock, and the words
 * "Recibo no fiscal": it is no CFDI.
 */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const paidDay = longDay(isoDay(clock.day(receipt.paidAt)!));
  const { doc, bytes: done } = pdfDocument({
    layout: 'portrait',
    margin: 64,
    title: `Recibo ${receipt.folio}`,
    subject: 'Recibo no fiscal de cuota de membresía',
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
