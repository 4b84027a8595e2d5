import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  TextField,
  type ButtonProps,
  type TextFieldProps,
} from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

/** A form's send button: a spinner in it while the form is sent, and no second press meanwhile. */
export function SendButton({ busy, ...button }: ButtonProps & { busy: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
      {...button}
    />
  );
}

/** What went wrong, read out at once; nothing while all is well. */
export function ErrorAlert({ message }: { message: string }) {
  return message ? (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  ) : null;
}

/** The code of her authenticator app, or one of her recovery codes (letters and digits). */
export function CodeField(props: TextFieldProps) {
  return (
    <TextField
      label="Código de verificación"
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 32 } }}
      required
      {...props}
    />
  );
}

/**
 * A card of "Mi cuenta" under its title: a form when given `onSubmit`, else a section. `titleId` names
 * it for assistive technology.
 */
export function SettingsCard({
  titleId,
  title,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Card component={onSubmit ? 'form' : 'section'} onSubmit={onSubmit} aria-labelledby={titleId}>
      <CardHeader id={titleId} title={title} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
