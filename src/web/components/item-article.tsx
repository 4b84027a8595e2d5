import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ImageDescriptions } from '../../shared/images.ts';
import { ContentImage } from './content-image.tsx';
import styles from './item-article.module.css';

export interface ItemArticleProps {
  /** The entry's first image, and the entry's image descriptions (without one it is decorative). */
  image: string | undefined;
  descriptions?: ImageDescriptions | undefined;
  title: string;
  /** What goes under the title: place, date. */
  meta: ReactNode;
  /** The section the entry belongs to, on the home page. */
  back: { href: string; label: string };
  children: ReactNode;
}

/** The page of one news entry or event: image, title, its place and date, the text, a way back. */
export function ItemArticle({ image, descriptions, title, meta, back, children }: ItemArticleProps) {
  return (
    <article className={`section ${styles.page}`} aria-labelledby="item-title">
      <div className={`container ${styles.inner}`}>
        <a className={styles.back} href={back.href}>
          <ArrowLeft aria-hidden="true" size={18} />
          {back.label}
        </a>
        <div className={styles.card}>
          <ContentImage
            className={styles.image}
            src={image}
            descriptions={descriptions}
            sizes="(max-width: 1040px) 95vw, 960px"
            width={1200}
            height={800}
            fetchPriority="high"
          />
          <div className={styles.text}>
            <h1 id="item-title" className={styles.title}>
              {title}
            </h1>
            <div className={styles.meta}>{meta}</div>
            {children}
          </div>
        </div>
      </div>
    </article>
  );
}
