import { CalendarDays, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from '../../lib/router.tsx';
import { itemSections } from '../../../shared/api-paths.ts';
import { ItemArticle } from '../../components/item-article.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { itemDocumentTitle } from '../../content/seo.ts';
import { useNews } from '../../features/news/get-news.ts';
import { NewsDate } from '../../features/news/news-date.tsx';
import styles from './noticia-page.module.css';

/**
 * /Noticias/<slug>: one news entry on its own page, with what its dialog shows (image, name, place and
 * the text). The description is HTML the server sanitised when it was written (sanitize-html); the
 * server, which has no DOM, renders it as stored, and the browser cleans it again with DOMPurify once
 * the page has hydrated. DOMPurify (11 KB) loads then, not with the page.
 */
export function NoticiaPage() {
  const { slug } = useParams();
  const { data: news, isPending } = useNews();
  const entry = news?.find((item) => item.slug === slug);
  const [cleaned, setCleaned] = useState<{ source: string; html: string }>();
  useEffect(() => {
    if (!entry) return undefined;
    let current = true;
    const source = entry.description;
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (current && DOMPurify.isSupported) {
        setCleaned({ source, html: DOMPurify.sanitize(source, { USE_PROFILES: { html: true } }) });
      }
    });
    return () => {
      current = false;
    };
  }, [entry]);
  const html = entry && cleaned?.source === entry.description ? cleaned.html : (entry?.description ?? '');
  useEffect(() => {
    if (entry) document.title = itemDocumentTitle(entry.name);
  }, [entry]);
  if (!entry) {
    return isPending ? <Spinner label="Cargando la noticia" /> : <Navigate to={itemSections.news} replace />;
  }
  return (
    <ItemArticle
      image={entry.images[0]}
      descriptions={entry.imageDescriptions}
      title={entry.name}
      back={{ href: itemSections.news, label: 'Todas las noticias' }}
      meta={
        <>
          {entry.publishedAt ? (
            <span className={styles.published}>
              <CalendarDays aria-hidden="true" size={18} />
              <span>
                Publicada el <NewsDate publishedAt={entry.publishedAt} />
              </span>
            </span>
          ) : null}
          <span className={styles.published}>
            <MapPin aria-hidden="true" size={18} />
            <span>{entry.address}</span>
          </span>
        </>
      }
    >
      <div className={styles.html} dangerouslySetInnerHTML={{ __html: html }} />
    </ItemArticle>
  );
}
