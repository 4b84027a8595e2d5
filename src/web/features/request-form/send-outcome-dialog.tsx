import { AlertDialog } from '../../components/alert-dialog.tsx';

export type SendOutcome = 'success' | 'error';

const TEXTS: Record<SendOutcome, { title: string; text: string }> = {
  success: { title: 'Enviado con éxito', text: 'Su correo ya fue enviado con sus datos' },
  error: { title: 'Error en el envío', text: 'Su correo no pudo ser enviado' },
};

/** Tells the visitor how the send ended; `kind` stays set while the dialog plays its exit. */
export function SendOutcomeDialog({
  open,
  kind,
  onClose,
}: {
  open: boolean;
  kind: SendOutcome;
  onClose: () => void;
}) {
  const texts = TEXTS[kind];
  return <AlertDialog open={open} kind={kind} title={texts.title} text={texts.text} onConfirm={onClose} />;
}
