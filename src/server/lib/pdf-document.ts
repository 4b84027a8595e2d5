import { fileURLToPath } from 'node:url';
import type PDFKit from 'pdfkit';
import { organisation } from '../../shared/organisation.ts';
import { lazyPackage } from './lazy-package.ts';

// pdfkit is loaded with the first document asked for, not at start.
const loadPdfKit = lazyPackage<typeof PDFKit>('pdfkit');

const font = (weight: 400 | 600 | 700) =>
  fileURLToPath(new URL(`../assets/fonts/inter-latin-${weight}-normal.woff`, import.meta.url));

/** The colours of the association's documents: text, secondary text and the brand's teal. */
export const PDF_COLOURS = { ink: '#16292b', muted: '#47595c', brand: '#0f5257' } as const;

/**
 * A letter-size document of the association in the site's typeface (Inter, as `regular`, `semibold`
 * and `bold`), and the promise of its bytes once `doc.end()` has been called.
 */
export function pdfDocument(options: {
  layout: 'portrait' | 'landscape';
  margin: number;
  title: string;
  subject: string;
}): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: options.layout,
    margin: options.margin,
    info: { Title: options.title, Author: organisation.name, Subject: options.subject },
  });
  doc.registerFont('regular', font(400));
  doc.registerFont('semibold', font(600));
  doc.registerFont('bold', font(700));
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
