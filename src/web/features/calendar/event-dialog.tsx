import type { ReactNode } from 'react';
import type { Event } from '../../../shared/schemas.ts';
import { ItemDialog } from '../../components/item-dialog.tsx';
import { EventActions } from './event-actions.tsx';
import './event-dialog.css';

export interface EventDialogProps {
  /** The event to show; the dialog is open while it is set. */
  event: Event | undefined;
  onClose: () => void;
  /** What the page adds below the actions (the sign-up form). */
  extra?: (event: Event) => ReactNode;
}

/** An event's details: first image, name, "place, date" and a link to its site. 600 px wide. */
export function EventDialog({ event, onClose, extra }: EventDialogProps) {
  return (
    <ItemDialog
      item={event}
      onClose={onClose}
      block="event-dialog"
      width="600px"
      imageSizes="(max-width: 640px) 95vw, 600px"
      imageDecoding="async"
      place={(shown) => (
        <>
          {shown.location}, {shown.date}
        </>
      )}
      placeElement="where"
    >
      {(shown) => (
        <>
          <EventActions event={shown} />
          {extra?.(shown)}
        </>
      )}
    </ItemDialog>
  );
}
