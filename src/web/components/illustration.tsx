/** One of the site's own pictures as content/ describes it: where it is, what it shows, its size. */
export interface IllustrationImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface IllustrationProps {
  image: IllustrationImage;
  className?: string;
  loading?: 'lazy';
  decoding?: 'async';
  fetchPriority?: 'high';
}

/**
 * One of the site's own drawings (SVG under public/images, so one size serves every screen), with its
 * text alternative. The pictures of events, news and partners are uploads: ContentImage shows those.
 */
export function Illustration({ image, className, loading, decoding, fetchPriority }: IllustrationProps) {
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={loading}
      decoding={decoding}
      fetchPriority={fetchPriority}
    />
  );
}
