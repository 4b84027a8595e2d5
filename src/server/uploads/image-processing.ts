import { createHash } from 'node:crypto';
// libvips is loaded with the first image to convert, not at start: most processes never convert one.

export const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
export const UPLOAD_WIDTHS = [480, 960, 1600] as const;
/**
 * Past this many pixels a file is a decompression bomb rather than a photo: 40 MP is more than any
 * phone or usual camera takes, and decoding it costs about 160 MB.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** What a file is by its first bytes; its name and declared type are not trusted. */
export function sniffImage(head: Uint8Array): ImageKind | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

export interface Variant {
  width: number;
  height: number;
  /** `<content hash>-<width>.webp`: a new file whenever the bytes differ, so it can be cached forever. */
  fileName: string;
  data: Buffer;
}

export interface ProcessedImage {
  width: number;
  height: number;
  variants: Variant[];
}

export class UnreadableImageError extends Error {}
export class TooManyPixelsError extends Error {}

/**
 * Re-encodes an image to WebP in the standard widths, never wider than the original (an image
 * narrower than the smallest width keeps its own). Orientation is applied first, then every piece
 * of metadata (EXIF with its GPS position, ICC, XMP) is left out, which is sharp's default.
 *
 * The original is decoded once: one pipeline reads its header, then turns and shrinks it to the
 * widest variant (JPEG and WebP shrink while decoding); the narrower ones are made from that small
 * copy, one after another, so memory stays near one decoded image whatever the file holds.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  try {
    const { default: sharp } = await import('sharp');
    const original = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await original.metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new TooManyPixelsError();
    // EXIF orientations 5 to 8 turn the picture a quarter: width and height trade places.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    const widths: number[] = UPLOAD_WIDTHS.filter((candidate) => candidate <= width);
    if (widths.length === 0) widths.push(width);
    const widest = Math.max(...widths);
    const base = await original
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      width: base.info.width,
      height: base.info.height,
      channels: base.info.channels,
    };
    const variants: Variant[] = [];
    for (const target of widths) {
      const { data, info } = await sharp(base.data, { raw })
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      const hash = createHash('sha256').update(data).digest('hex').slice(0, 20);
      variants.push({ width: info.width, height: info.height, fileName: `${hash}-${info.width}.webp`, data });
    }
    return { width, height, variants };
  } catch (error) {
    // sharp reads the size from the header and refuses before decoding.
    if (error instanceof TooManyPixelsError || /exceeds pixel limit/i.test(String(error))) {
      throw new TooManyPixelsError();
    }
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}
