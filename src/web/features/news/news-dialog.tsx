import DOMPurify from 'dompurify';
import { MapPin } from 'lucide-react';
import { useMemo } from 'react';
import type { News } from '../../../shared/schemas.ts';
import { Dialog, DialogTitle } from '../../components/dialog.tsx';
import { ContentImage } from '../../components/content-image.tsx';

/** News HTML, cleaned for display. Only ever called in the browser (the dialog opens on a click). */
export function sanitizeNewsHtml(html: string): string {
  if (!DOMPurify.isSupported) return '';
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/** A news entry in full: image, name, place and the description as sanitised HTML. 991 px wide. */
export function NewsDialog({ news, onClose }: { news: News | undefined; onClose: () => void }) {
  const html = useMemo(() => (news ? sanitizeNewsHtml(news.description) : ''), [news]);
  const image = news?.images[0];
  return (
    <Dialog open={news !== undefined} onClose={onClose} width="991px" className="news-dialog">
      {news ? (
        <article className="news-dialog__content">
          <ContentImage
            className="news-dialog__image"
            src={image}
            sizes="(max-width: 1040px) 95vw, 991px"
            width={1200}
            height={800}
          />
          <div className="news-dialog__text">
            <DialogTitle className="news-dialog__title">{news.name}</DialogTitle>
            <p className="news-dialog__address">
              <MapPin aria-hidden="true" size={18} />
              <span>{news.address}</span>
            </p>
            <div className="news-dialog__html" dangerouslySetInnerHTML={{ __html: html }} />
          </div>
        </article>
      ) : null}
    </Dialog>
  );
}
