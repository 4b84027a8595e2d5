import { X } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { DIALOG_CLOSE_FALLBACK_MS, DIALOG_ENTER_MS, DIALOG_EXIT_MS } from '../../shared/constants.ts';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const TitleIdContext = createContext<string | undefined>(undefined);

export interface DialogProps {
  open: boolean;
  /** Called when the visitor asks to close (Escape, backdrop, close button). The parent sets `open`. */
  onClose: () => void;
  /**
   * Shown in the dialog's header and used as its accessible name. Leave it out to place a
   * <DialogTitle> yourself inside the content (for example under a hero image).
   */
  title?: ReactNode;
  children: ReactNode;
  /** CSS width, e.g. "600px". Defaults to fitting the content. */
  width?: string;
  /** Defaults to 95vw. */
  maxWidth?: string;
  /** Defaults to 98vh. */
  maxHeight?: string;
  /** Ignores Escape and backdrop clicks and hides the close button (e.g. while something is sending). */
  disableClose?: boolean;
  hideCloseButton?: boolean;
  closeLabel?: string;
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that describes the dialog. */
  describedBy?: string;
  /** The element to focus when the dialog opens; by default the first focusable one. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/** The accessible name of a dialog whose title is placed inside its content. */
export function DialogTitle({ children, className }: { children: ReactNode; className?: string }) {
  const id = useContext(TitleIdContext);
  return (
    <h2 id={id} className={['dialog__title', className ?? ''].filter(Boolean).join(' ')}>
      {children}
    </h2>
  );
}

function showDialog(dialog: HTMLDialogElement) {
  if (dialog.open) return;
  // Environments without the modal API (older engines, test DOMs) still get a visible dialog.
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function hideDialog(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/**
 * One accessible modal dialog on the native <dialog> element: focus moves in on open and returns to
 * where it was on close; Escape and backdrop clicks close it unless `disableClose`; it is labelled by
 * its title. Entering animates for 150 ms, leaving for 75 ms, and a 100 ms fallback closes it even if
 * no animation end arrives (reduced motion, hidden tab).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  width,
  maxWidth = '95vw',
  maxHeight = '98vh',
  disableClose = false,
  hideCloseButton = false,
  closeLabel = 'Cerrar',
  role = 'dialog',
  describedBy,
  initialFocusRef,
  className,
}: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);

  // Keep the content mounted while the exit animation runs (state adjusted during render, not in an
  // effect, so the closing frame already has it).
  const [closing, setClosing] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    setClosing(!open);
  }

  // Read the latest callbacks from listeners without re-subscribing.
  const onCloseRef = useRef(onClose);
  const disableCloseRef = useRef(disableClose);
  const openRef = useRef(open);
  useEffect(() => {
    onCloseRef.current = onClose;
    disableCloseRef.current = disableClose;
    openRef.current = open;
  });

  const requestClose = useCallback(() => {
    if (!disableCloseRef.current) onCloseRef.current();
  }, []);

  // Opening: show modally, then move focus inside.
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const active = document.activeElement;
    returnFocusRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
    showDialog(dialog);
    dialog.dataset.state = 'open';
    const target =
      initialFocusRef?.current ??
      dialog.querySelector<HTMLElement>('[autofocus]') ??
      dialog.querySelector<HTMLElement>(`.dialog__body ${FOCUSABLE}`) ??
      dialog.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog;
    target.focus();
  }, [open, initialFocusRef]);

  // Closing: play the exit animation, then close and give focus back.
  useEffect(() => {
    const dialog = ref.current;
    if (!closing || !dialog) return;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      window.clearTimeout(fallback);
      dialog.removeEventListener('animationend', onAnimationEnd);
      hideDialog(dialog);
      delete dialog.dataset.state;
      const back = returnFocusRef.current;
      returnFocusRef.current = null;
      if (back?.isConnected) back.focus();
      setClosing(false);
    };
    const onAnimationEnd = (event: AnimationEvent) => {
      if (event.target === dialog) finish();
    };
    dialog.dataset.state = 'closing';
    dialog.addEventListener('animationend', onAnimationEnd);
    const fallback = window.setTimeout(finish, DIALOG_CLOSE_FALLBACK_MS);
    return finish;
  }, [closing]);

  // Escape, the platform's close requests and clicks on the backdrop.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      requestClose();
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // The browser may close the dialog itself (a repeated Escape without user activation); keep the
    // parent's state in step. The close event arrives a task after the dialog closed: by then it may
    // have been opened again (the next event of a day's list, chosen at once), and that one stays open.
    const onNativeClose = () => {
      if (openRef.current && !dialog.open) onCloseRef.current();
    };
    let pressedOnBackdrop = false;
    const onPointerDown = (event: PointerEvent) => {
      pressedOnBackdrop = event.target === dialog;
    };
    const onClick = (event: MouseEvent) => {
      // The surface fills the dialog box, so a click whose target is the dialog itself is on the backdrop.
      if (event.target === dialog && pressedOnBackdrop) requestClose();
      pressedOnBackdrop = false;
    };
    dialog.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('pointerdown', onPointerDown);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('pointerdown', onPointerDown);
      dialog.removeEventListener('click', onClick);
    };
  }, [requestClose]);

  const mounted = open || closing;
  const style = {
    width: width ?? 'auto',
    maxWidth,
    maxHeight,
    '--dialog-enter': `${DIALOG_ENTER_MS}ms`,
    '--dialog-exit': `${DIALOG_EXIT_MS}ms`,
  } as CSSProperties;

  return (
    <dialog
      ref={ref}
      className={['dialog', className ?? ''].filter(Boolean).join(' ')}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      style={style}
      tabIndex={-1}
    >
      {mounted ? (
        <TitleIdContext.Provider value={titleId}>
          <div className="dialog__surface" style={{ maxHeight }}>
            {title !== undefined ? (
              <header className="dialog__header">
                <h2 id={titleId} className="dialog__title">
                  {title}
                </h2>
              </header>
            ) : null}
            <div className="dialog__body">{children}</div>
            {disableClose || hideCloseButton ? null : (
              <button
                type="button"
                className={`dialog__close${title === undefined ? ' dialog__close--floating' : ''}`}
                onClick={requestClose}
                aria-label={closeLabel}
              >
                <X aria-hidden="true" size={22} />
              </button>
            )}
          </div>
        </TitleIdContext.Provider>
      ) : null}
    </dialog>
  );
}
