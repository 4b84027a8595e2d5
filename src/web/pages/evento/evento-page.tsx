import { MapPin } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { Navigate, useParams } from '../../lib/router.tsx';
import { itemSections } from '../../../shared/api-paths.ts';
import { ItemArticle } from '../../components/item-article.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { itemDocumentTitle } from '../../content/seo.ts';
import { EventActions } from '../../features/calendar/event-actions.tsx';
import { useEvents } from '../../features/events/get-events.ts';
import { lazyWithPreload } from '../../lib/lazy-component.tsx';
import styles from './evento-page.module.css';

// The sign-up form's code comes with the page but in a chunk of its own, so the site's first load
// (which lists what each page needs) does not grow with it. The server renders it in the page.
const RegistrationForm = lazyWithPreload(() =>
  import('../../features/registration/registration-form.tsx').then((m) => m.RegistrationForm),
);

/**
 * /Eventos/<slug>: one event on its own page, with what its dialog shows ("place, date", "Visita el
 * sitio", the calendar links) and its description.
 */
export function EventoPage() {
  const { slug } = useParams();
  const { data: events, isPending } = useEvents();
  const event = events?.find((item) => item.slug === slug);
  useEffect(() => {
    if (event) document.title = itemDocumentTitle(event.name);
  }, [event]);
  if (!event) {
    return isPending ? <Spinner label="Cargando el evento" /> : <Navigate to={itemSections.event} replace />;
  }
  return (
    <ItemArticle
      image={event.images[0]}
      descriptions={event.imageDescriptions}
      title={event.name}
      back={{ href: itemSections.event, label: 'Todos los eventos' }}
      meta={
        <>
          <MapPin aria-hidden="true" size={18} />
          <span>
            {event.location}, {event.date}
          </span>
        </>
      }
    >
      <p className={styles.description}>{event.description}</p>
      <EventActions event={event} />
      <Suspense fallback={null}>
        <RegistrationForm event={event} />
      </Suspense>
    </ItemArticle>
  );
}
