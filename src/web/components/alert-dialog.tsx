import { CircleAlert, CircleCheck } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogTitle } from './dialog.tsx';
import { Spinner } from './spinner.tsx';
import './alert-dialog.css';

export type AlertKind = 'success' | 'error' | 'loading';

export interface AlertDialogProps {
  open: boolean;
  kind: AlertKind;
  title: string;
  text?: string;
  /** "Aceptar": closes the alert (and confirms, when there is a choice). */
  onConfirm: () => void;
  /** When given, a "Cancelar" button is shown as well; Escape and the backdrop call it. */
  onCancel?: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
}

/**
 * A short message in a modal: a title, a text, a success or error icon and an "Aceptar" button (green),
 * optionally with "Cancelar". The "loading" kind shows a spinner, has no buttons and cannot be dismissed.
 */
export function AlertDialog({
  open,
  kind,
  title,
  text,
  onConfirm,
  onCancel,
  confirmLabel = 'Aceptar',
  cancelLabel = 'Cancelar',
}: AlertDialogProps) {
  const textId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const loading = kind === 'loading';
  return (
    <Dialog
      open={open}
      onClose={onCancel ?? onConfirm}
      role="alertdialog"
      describedBy={text ? textId : undefined}
      width="440px"
      disableClose={loading}
      hideCloseButton
      initialFocusRef={loading ? undefined : confirmRef}
      className="alert-dialog"
    >
      <div className="alert-dialog__content">
        <div className={`alert-dialog__icon alert-dialog__icon--${kind}`}>
          {kind === 'success' ? <CircleCheck aria-hidden="true" size={56} strokeWidth={1.75} /> : null}
          {kind === 'error' ? <CircleAlert aria-hidden="true" size={56} strokeWidth={1.75} /> : null}
          {loading ? <Spinner size="lg" label={title} /> : null}
        </div>
        <DialogTitle className="alert-dialog__title">{title}</DialogTitle>
        {text ? (
          <p id={textId} className="alert-dialog__text">
            {text}
          </p>
        ) : null}
        {loading ? null : (
          <div className="alert-dialog__actions">
            {onCancel ? (
              <Button variant="secondary" onClick={onCancel}>
                {cancelLabel}
              </Button>
            ) : null}
            <Button ref={confirmRef} variant="confirm" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
