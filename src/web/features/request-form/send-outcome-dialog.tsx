import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';

export type SendOutcome = 'success' | 'error';

const TEXTS: Record<SendOutcome, { title: string; text: string }> = {
  success: { title: 'Enviado con éxito', text: 'Su correo ya fue enviado con sus datos' },
  error: { title: 'Error en el envío', text: 'Su correo no pudo ser enviado' },
};

/** Tells the visitor how the send ended. */
export function SendOutcomeDialog({ outcome, onClose }: { outcome: SendOutcome | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (outcome && !dialog.open) dialog.showModal();
    if (!outcome && dialog.open) dialog.close();
  }, [outcome]);
  const texts = outcome ? TEXTS[outcome] : null;
  const Icon = outcome === 'error' ? CircleAlert : CircleCheck;
  return (
    <dialog ref={ref} aria-labelledby={titleId} aria-describedby={textId} onClose={onClose}>
      {texts ? (
        <>
          <Icon aria-hidden="true" />
          <h2 id={titleId}>{texts.title}</h2>
          <p id={textId}>{texts.text}</p>
          <button type="button" onClick={onClose}>
            Aceptar
          </button>
        </>
      ) : null}
    </dialog>
  );
}
