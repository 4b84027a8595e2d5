import { uploadSrcSet, type ImageDescriptions } from '../../shared/images.ts';

export interface ContentImageProps {
  /** The image as the content stores it; nothing is rendered without one. */
  src: string | undefined;
  /** The entry's image descriptions: the one of `src` becomes its text alternative. */
  descriptions?: ImageDescriptions | undefined;
  /** How wide the image shows, for the browser to pick a width from the upload's `srcset`. */
  sizes: string;
  width: number;
  height: number;
  className?: string;
  loading?: 'lazy';
  decoding?: 'async';
  fetchPriority?: 'high';
}

/**
 * An image of an event, a news entry or a partner: an upload comes with its smaller WebP widths, other
 * images (the demo's, links to other sites) as they are. Its text alternative is the description the
 * staff gave it; without one it is decorative (`alt=""`), since the text beside it names the item.
 */
export function ContentImage({
  src,
  descriptions,
  sizes,
  width,
  height,
  className,
  loading,
  decoding,
  fetchPriority,
}: ContentImageProps) {
  if (!src) return null;
  return (
    <img
      className={className}
      src={src}
      srcSet={uploadSrcSet(src)}
      sizes={sizes}
      alt={descriptions?.[src] ?? ''}
      width={width}
      height={height}
      loading={loading}
      decoding={decoding}
      fetchPriority={fetchPriority}
    />
  );
}
