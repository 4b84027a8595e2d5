import { existsSync } from 'node:fs';
import type { Sharp, SharpConstructor } from 'sharp';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import { SHARE_CARD, type ShareCardMode } from '../../shared/share-cards.ts';
import { drawCard, type CardFace } from './card-layout.ts';

/** Past this many pixels a file is no photo but a trap (as the uploads refuse it). */
const MAX_INPUT_PIXELS = 40_000_000;
/** A JPEG's qualities, best first: the first whose card stays under the size limit is kept. */
const QUALITIES = [82, 72, 60, 45] as const;

export interface PhotoRoots {
  /** Where `/uploads/…` files are. */
  uploads: string;
  /** Where the web app's other files are (the built site's root, then its source's public folder). */
  web: readonly string[];
}

/**
 * The file a photo's address names on this server: an upload, or a file of the web app (the demo
 * content's pictures). Another site's address names none: a card never fetches from the network.
 */
export function photoFile(src: string, roots: PhotoRoots): string | undefined {
  if (/^https?:\/\//i.test(src)) return undefined;
  const path = decodeURIComponent(src.split(/[?#]/)[0] ?? '');
  if (path.startsWith('/uploads/')) return join(roots.uploads, basename(path));
  for (const root of roots.web) {
    const file = resolve(root, `.${path}`);
    if (file.startsWith(resolve(root) + sep) && existsSync(file)) return file;
  }
  return undefined;
}

/** The photo cropped to the card's size (where the picture's interest is), as raw pixels for a composition. */
async function croppedPhoto(file: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const input = await readFile(file);
  const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  // A drawing (the demo's SVG) is rasterised large enough for the card rather than enlarged after.
  const density =
    meta.format === 'svg' && meta.width
      ? Math.min(600, Math.ceil((72 * SHARE_CARD.width) / meta.width))
      : undefined;
  return sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    ...(density ? { density } : {}),
  })
    .rotate()
    .resize(SHARE_CARD.width, SHARE_CARD.height, { fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

/** Encodes the picture as a baseline-compatible JPEG under the size limit. */
async function toJpeg(picture: (sharp: SharpConstructor) => Sharp): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  let jpeg: Buffer | undefined;
  for (const quality of QUALITIES) {
    jpeg = await picture(sharp).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= SHARE_CARD.maxBytes) return jpeg;
  }
  throw new Error(`the card stays over ${SHARE_CARD.maxBytes} bytes (${jpeg?.length ?? 0})`);
}

/**
 * A card's JPEG: the composed card (the photo under the association's band, or the band on the brand's
 * background when there is no photo), or the photo alone when that is the entry's choice and it has one.
 * Throws when the photo cannot be read or the drawing fails: the caller serves the generic card.
 */
export async function makeCard(
  face: Omit<CardFace, 'overPhoto'>,
  photoSrc: string | undefined,
  mode: ShareCardMode,
  roots: PhotoRoots,
): Promise<Buffer> {
  const file = photoSrc ? photoFile(photoSrc, roots) : undefined;
  if (photoSrc && !file && !/^https?:\/\//i.test(photoSrc)) throw new Error(`photo not found: ${photoSrc}`);
  const photo = file ? await croppedPhoto(file) : undefined;
  if (photo && mode === 'photo') return toJpeg((sharp) => sharp(photo));
  const svg = Buffer.from(await drawCard({ ...face, overPhoto: photo !== undefined }));
  if (!photo) return toJpeg((sharp) => sharp(svg));
  return toJpeg((sharp) => sharp(photo).composite([{ input: svg }]));
}
