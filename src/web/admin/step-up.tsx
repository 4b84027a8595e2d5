import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SecondFactorStatus } from '../../shared/account-schemas.ts';
import { adminGet, adminPaths, adminSend, fieldErrors } from './admin-api.ts';
import { CodeField, ErrorAlert, SendButton } from './form-parts.tsx';

// What the server said the session's confirmation lasts until (decision 035): within it, a sensitive
// change goes ahead without asking again. A margin covers the clocks' difference and the request's time.
let confirmedUntil = 0;
const MARGIN_MS = 15_000;

const codeOf = (error: unknown) => (error as { body?: { code?: string } }).body?.code;

interface Pending {
  /** What is about to happen, in the dialog's words ("Crear la cuenta de …"). */
  action: string;
  resolve: (confirmed: boolean) => void;
}

/**
 * The password (and a code, when the account has a second factor) asked again before a sensitive change:
 * creating or removing an admin, turning the second factor off, retention. `run(action, change)` asks
 * when the session has not confirmed in the last five minutes, then makes the change; if the server
 * still answers that a confirmation is needed (the session was renewed meanwhile), it asks and tries once
 * more. Render `dialog` once in the screen.
 */
export function useStepUp() {
  const [pending, setPending] = useState<Pending>();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);

  const ask = useCallback(
    (action: string) =>
      new Promise<boolean>((resolve) => {
        setPassword('');
        setCode('');
        setErrors({});
        setMessage('');
        setPending({ action, resolve });
        adminGet<{ data: SecondFactorStatus }>(adminPaths.secondFactor)
          .then((answer) => setNeedsCode(answer.data.enabled))
          .catch(() => setNeedsCode(false));
      }),
    [],
  );

  const run = useCallback(
    async <T,>(action: string, change: () => Promise<T>): Promise<T | undefined> => {
      if (Date.now() > confirmedUntil - MARGIN_MS && !(await ask(action))) return undefined;
      try {
        return await change();
      } catch (error) {
        if (codeOf(error) !== 'STEP_UP_REQUIRED') throw error;
        confirmedUntil = 0;
        if (!(await ask(action))) return undefined;
        return change();
      }
    },
    [ask],
  );

  const close = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(undefined);
    setPassword('');
    setCode('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is drawn elsewhere in the page, but React passes its submit on to a form around the
    // button that opened it (the retention card is one).
    event.stopPropagation();
    setBusy(true);
    setErrors({});
    setMessage('');
    try {
      const answer = await adminSend<{ data: { confirmedUntil: string } }>(
        'POST',
        adminPaths.stepUp,
        needsCode ? { password, code } : { password },
      );
      confirmedUntil = Date.parse(answer.data.confirmedUntil);
      close(true);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.code) setNeedsCode(true);
      setErrors(fields);
      if (!fields.password && !fields.code)
        setMessage(error instanceof Error ? error.message : 'No se pudo confirmar');
    } finally {
      setBusy(false);
    }
  };

  const dialog: ReactNode = (
    <Dialog
      open={Boolean(pending)}
      onClose={() => close(false)}
      aria-labelledby="step-up-title"
      aria-describedby="step-up-text"
      slotProps={{ transition: { onEntered: () => passwordInput.current?.focus() } }}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="step-up-title">Confirma que eres tú</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id="step-up-text">
              {pending?.action}. Es un cambio importante: escribe tu contraseña
              {needsCode ? ' y un código de tu aplicación (o un código de recuperación)' : ''}. Las demás
              administradoras recibirán un aviso por correo.
            </DialogContentText>
            <TextField
              type="password"
              label="Tu contraseña"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password}
              inputRef={passwordInput}
              required
              fullWidth
            />
            {needsCode ? (
              <CodeField
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={Boolean(errors.code)}
                helperText={errors.code ?? 'Los 6 dígitos de tu aplicación, o un código de recuperación.'}
                fullWidth
              />
            ) : null}
            <ErrorAlert message={message} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)}>Cancelar</Button>
          <SendButton busy={busy}>Confirmar</SendButton>
        </DialogActions>
      </form>
    </Dialog>
  );

  return { run, dialog };
}
