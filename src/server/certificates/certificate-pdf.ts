import type QRCode from 'qrcode';
import { organisation } from '../../shared/organisation.ts';
import { lazyPackage } from '../lib/lazy-package.ts';
import { PDF_COLOURS, pdfDocument } from '../lib/pdf-document.ts';

// qrcode is loaded with the first certificate asked for, not at start.
const loadQrCode = lazyPackage<typeof QRCode>('qrcode');

/** What a certificate states. */
export interface CertificateContent {
  folio: string;
  fullName: string;
  eventName: string;
  /** "10 de marzo de 2099": the event's day on the association's clock. */
  dateText: string;
  hours: number;
  text: string;
  signers: { name: string; role: string }[];
  /** The verification page's full address, drawn as a QR code. */
  verifyUrl: string;
}

const { ink: INK, muted: MUTED, brand: BRAND } = PDF_COLOURS;

/**
 * A certificate of participation as a PDF: letter size, landscape, in the site's typeface (Inter), with
 * the name as she typed it, the event, its day, the hours, the signers, the folio and a QR code to its
 * verification page. It is a "Constancia de participación", not a DC-3 (which only registered training
 * agents issue).
 */
export async function certificatePdf(content: CertificateContent): Promise<Buffer> {
  const qr = await loadQrCode().toBuffer(content.verifyUrl, { type: 'png', margin: 1, width: 220 });
  const { doc, bytes: done } = pdfDocument({
    layout: 'landscape',
    margin: 56,
    title: `Constancia de participación ${content.folio}`,
    subject: content.eventName,
  });

  const { width: pageWidth, height: pageHeight } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor(BRAND)
    .rect(28, 28, pageWidth - 56, pageHeight - 56)
    .stroke();
  const left = 72;
  const width = pageWidth - 144;
  const centred = { width, align: 'center' as const };

  doc.font('bold').fontSize(16).fillColor(BRAND).text(organisation.name, left, 64, centred);
  doc.moveDown(1.2);
  doc.font('bold').fontSize(30).fillColor(INK).text('Constancia de participación', left, doc.y, centred);
  doc.moveDown(0.8);
  doc.font('regular').fontSize(13).fillColor(MUTED).text('Se otorga a', left, doc.y, centred);
  doc.moveDown(0.4);
  doc.font('bold').fontSize(26).fillColor(BRAND).text(content.fullName, left, doc.y, centred);
  doc.moveDown(0.6);
  const hours = content.hours === 1 ? '1 hora' : `${content.hours} horas`;
  doc
    .font('regular')
    .fontSize(14)
    .fillColor(INK)
    .text(`por su participación en «${content.eventName}»,`, left, doc.y, centred)
    .text(`el ${content.dateText}, con una duración de ${hours}.`, left, doc.y, centred);
  if (content.text) {
    doc.moveDown(0.6);
    doc.font('regular').fontSize(12).fillColor(MUTED).text(content.text, left, doc.y, centred);
  }

  // The signers, side by side above the bottom edge.
  const signersTop = pageHeight - 190;
  const count = content.signers.length;
  content.signers.forEach((signer, index) => {
    const slot = (width - 160) / count;
    const x = left + index * slot;
    doc
      .moveTo(x + 20, signersTop)
      .lineTo(x + slot - 20, signersTop)
      .lineWidth(0.8)
      .strokeColor(MUTED)
      .stroke();
    doc
      .font('semibold')
      .fontSize(12)
      .fillColor(INK)
      .text(signer.name, x, signersTop + 8, { width: slot, align: 'center' });
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .text(signer.role, x, doc.y, { width: slot, align: 'center' });
  });

  // The folio and the QR code to the verification page, bottom right.
  const qrSize = 96;
  const qrX = pageWidth - 72 - qrSize;
  const qrY = pageHeight - 72 - qrSize;
  doc.image(qr, qrX, qrY, { width: qrSize, height: qrSize });
  doc
    .font('semibold')
    .fontSize(9)
    .fillColor(INK)
    .text(`Folio ${content.folio}`, left, pageHeight - 100, { width: width - qrSize - 16, align: 'right' });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(`Verifica esta constancia en ${content.verifyUrl}`, left, doc.y, {
      width: width - qrSize - 16,
      align: 'right',
    });
  doc.end();
  return done;
}
