import { ArrowRight } from 'lucide-react';
import { Suspense, useState } from 'react';
import { NEWS_EXCERPT_LENGTH } from '../../../shared/constants.ts';
import { excerpt, htmlToText } from '../../../shared/excerpt.ts';
import type { News } from '../../../shared/schemas.ts';
import { itemPaths } from '../../../shared/api-paths.ts';
import { buttonClassName } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { Reveal } from '../../components/reveal.tsx';
import { ContentImage } from '../../components/content-image.tsx';
import { newsSection } from '../../content/home.ts';
import { lazyWithPreload } from '../../lib/lazy-component.tsx';
import { isPlainClick } from '../../lib/plain-click.ts';
import { NewsDate } from './news-date.tsx';
import './news.css';

// The dialog (and its HTML sanitiser) loads the first time a visitor opens a news entry.
const NewsDialog = lazyWithPreload(() => import('./news-dialog.tsx').then((m) => m.NewsDialog));

export function newsExcerpt(news: News): string {
  return excerpt(htmlToText(news.description), NEWS_EXCERPT_LENGTH);
}

/** The news cards; "Leer más" opens the entry in a dialog. Renders no cards while loading or empty. */
export function NewsList({ news }: { news: readonly News[] | undefined }) {
  const [open, setOpen] = useState<News | undefined>(undefined);
  const [dialogUsed, setDialogUsed] = useState(false);
  if (!news || news.length === 0) return null;
  return (
    <>
      <ul className="news-list card-grid list-plain">
        {news.map((entry, index) => {
          const image = entry.images[0];
          return (
            <li key={entry.id}>
              <Reveal className="news-list__item" delayMs={(index % 3) * 90}>
                <Card as="article" padding="none" interactive className="news-card">
                  <ContentImage
                    className="card__media"
                    src={image}
                    descriptions={entry.imageDescriptions}
                    sizes="(max-width: 768px) 100vw, 33vw"
                    width={1200}
                    height={800}
                    loading="lazy"
                    decoding="async"
                  />
                  <div className="news-card__body">
                    <NewsDate className="news-card__date" publishedAt={entry.publishedAt} />
                    <h3 className="news-card__title">{entry.name}</h3>
                    <p className="news-card__text">{newsExcerpt(entry)}</p>
                    {/* The entry's own page: a plain click shows it in the dialog instead, a middle
                        click or a shared address opens the page. */}
                    <a
                      href={itemPaths.news(entry.slug)}
                      className={buttonClassName({
                        variant: 'ghost',
                        size: 'sm',
                        className: 'news-card__more',
                      })}
                      onClick={(event) => {
                        if (!isPlainClick(event)) return;
                        event.preventDefault();
                        setDialogUsed(true);
                        setOpen(entry);
                      }}
                      onPointerEnter={() => void NewsDialog.load()}
                      aria-haspopup="dialog"
                    >
                      {newsSection.readMore}
                      <span className="sr-only">: {entry.name}</span>
                      <span className="btn__icon" aria-hidden="true">
                        <ArrowRight />
                      </span>
                    </a>
                  </div>
                </Card>
              </Reveal>
            </li>
          );
        })}
      </ul>
      {dialogUsed ? (
        <Suspense fallback={null}>
          <NewsDialog news={open} onClose={() => setOpen(undefined)} />
        </Suspense>
      ) : null}
    </>
  );
}
