import { MapPin } from 'lucide-react';
import DOMPurify from 'dompurify';
import { useEffect, useMemo } from 'react';
import { Navigate, useParams } from '../../lib/router.tsx';
import { itemSections } from '../../../shared/api-paths.ts';
import { ItemArticle } from '../../components/item-article.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { itemDocumentTitle } from '../../content/seo.ts';
import { useNews } from '../../features/news/get-news.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import styles from './noticia-page.module.css';

/**
 * /Noticias/<slug>: one news entry on its own page, with what its dialog shows (image, name, place and
 * the text). The description is HTML the server sanitised when it was written (sanitize-html); the
 * server, which has no DOM, renders it as stored, and the browser cleans it again with DOMPurify once
 * the page has hydrated.
 */
export function NoticiaPage() {
  const { slug } = useParams();
  const { data: news, isPending } = useNews();
  const hydrated = useHydrated();
  const entry = news?.find((item) => item.slug === slug);
  const html = useMemo(() => {
    if (!entry) return '';
    if (!hydrated || !DOMPurify.isSupported) return entry.description;
    return DOMPurify.sanitize(entry.description, { USE_PROFILES: { html: true } });
  }, [entry, hydrated]);
  useEffect(() => {
    if (entry) document.title = itemDocumentTitle(entry.name);
  }, [entry]);
  if (!entry) {
    return isPending ? <Spinner label="Cargando la noticia" /> : <Navigate to={itemSections.news} replace />;
  }
  return (
    <ItemArticle
      image={entry.images[0]}
      title={entry.name}
      back={{ href: itemSections.news, label: 'Todas las noticias' }}
      meta={
        <>
          <MapPin aria-hidden="true" size={18} />
          <span>{entry.address}</span>
        </>
      }
    >
      <div className={styles.html} dangerouslySetInnerHTML={{ __html: html }} />
    </ItemArticle>
  );
}
