import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ImageDescriptions } from '../../shared/images.ts';
import { ContentImage } from './content-image.tsx';
import { Dialog, DialogTitle } from './dialog.tsx';
import './item-dialog.css';

/** What every entry shown in an item dialog has: a name and its images. */
interface DialogItem {
  name: string;
  images: readonly string[];
  imageDescriptions?: ImageDescriptions | undefined;
}

export interface ItemDialogProps<Item extends DialogItem> {
  /** The entry to show; the dialog is open while it is set. */
  item: Item | undefined;
  onClose: () => void;
  /** The dialog's class, and the prefix of its parts' classes (`event-dialog` → `event-dialog__title`). */
  block: string;
  /** CSS width, e.g. "600px". */
  width: string;
  /** How wide the image shows, for its `sizes`. */
  imageSizes: string;
  imageDecoding?: 'async';
  /** The line under the title, after a map pin: what it says… */
  place: (item: Item) => ReactNode;
  /** …and its class within the block (`where` → `event-dialog__where`). */
  placeElement: string;
  /** What follows the place line. */
  children: (item: Item) => ReactNode;
}

/**
 * An event or a news entry in a dialog: its first image across the top, then its name (the dialog's
 * title), where it happens and the rest of what it says. Nothing stays on screen while it closes.
 */
export function ItemDialog<Item extends DialogItem>({
  item,
  onClose,
  block,
  width,
  imageSizes,
  imageDecoding,
  place,
  placeElement,
  children,
}: ItemDialogProps<Item>) {
  return (
    <Dialog open={item !== undefined} onClose={onClose} width={width} className={block}>
      {item ? (
        <article className={`${block}__content`}>
          <ContentImage
            className={`item-dialog__image ${block}__image`}
            src={item.images[0]}
            descriptions={item.imageDescriptions}
            sizes={imageSizes}
            width={1200}
            height={800}
            decoding={imageDecoding}
          />
          <div className={`item-dialog__text ${block}__text`}>
            <DialogTitle className={`${block}__title`}>{item.name}</DialogTitle>
            <p className={`item-dialog__place ${block}__${placeElement}`}>
              <MapPin aria-hidden="true" size={18} />
              <span>{place(item)}</span>
            </p>
            {children(item)}
          </div>
        </article>
      ) : null}
    </Dialog>
  );
}
