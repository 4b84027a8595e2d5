import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { News } from '../../../shared/schemas.ts';
import { ItemDialog } from '../../components/item-dialog.tsx';

/** News HTML, cleaned for display. Only ever called in the browser (the dialog opens on a click). */
export function sanitizeNewsHtml(html: string): string {
  if (!DOMPurify.isSupported) return '';
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/** A news entry in full: image, name, place and the description as sanitised HTML. 991 px wide. */
export function NewsDialog({ news, onClose }: { news: News | undefined; onClose: () => void }) {
  const html = useMemo(() => (news ? sanitizeNewsHtml(news.description) : ''), [news]);
  return (
    <ItemDialog
      item={news}
      onClose={onClose}
      block="news-dialog"
      width="991px"
      imageSizes="(max-width: 1040px) 95vw, 991px"
      place={(shown) => shown.address}
      placeElement="address"
    >
      {() => <div className="news-dialog__html" dangerouslySetInnerHTML={{ __html: html }} />}
    </ItemDialog>
  );
}
