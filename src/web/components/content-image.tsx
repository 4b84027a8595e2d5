import { uploadSrcSet } from '../../shared/images.ts';

export interface ContentImageProps {
  /** The image as the content stores it; nothing is rendered without one. */
  src: string | undefined;
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
 * images (the demo's, links to other sites) as they are. Decorative: the text beside it names the item.
 */
export function ContentImage({
  src,
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
      alt=""
      width={width}
      height={height}
      loading={loading}
      decoding={decoding}
      fetchPriority={fetchPriority}
    />
  );
}
