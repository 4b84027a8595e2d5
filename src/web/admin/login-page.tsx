import { Alert, Box, Button, CardContent, TextField, Typography, type TextFieldProps } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Login, useLogin } from 'react-admin';
import { adminPaths } from '../../shared/api-paths.ts';
import { recoveryMessages } from '../../shared/messages.ts';
import { ApiRequestError, sendJson } from '../api/client.ts';
import {
  LoginStepExpired,
  SESSION_EXPIRED_MESSAGE,
  SecondFactorNeeded,
  sessionExpired,
  type LoginParams,
} from './auth-provider.ts';
import { CodeField, ErrorAlert, SendButton } from './form-parts.tsx';

/** Her account's address, which the browser offers to fill in as the user name. */
function AccountEmail(props: TextFieldProps) {
  return <TextField label="Correo electrónico" type="email" autoComplete="username" required {...props} />;
}

/**
 * "¿Olvidaste tu contraseña?": her address, and a link by mail to choose a new password (decision 035).
 * The answer is the same whether or not the address has an account.
 */
function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await sendJson('POST', adminPaths.passwordReset, { email });
      setSent(true);
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError
          ? (failure.fields.email ?? failure.message)
          : 'No hay conexión con el servidor. Inténtalo de nuevo.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Restablecer la contraseña"
    >
      <CardContent sx={{ display: 'grid', gap: 2, width: 300, maxWidth: '100%' }}>
        <Typography variant="h6" component="h2">
          Restablecer la contraseña
        </Typography>
        {sent ? (
          <Alert severity="success" role="status">
            {recoveryMessages.resetSent}
          </Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              Escribe el correo de tu cuenta de administración y te enviaremos un enlace para elegir una
              contraseña nueva.
            </Typography>
            <AccountEmail
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              inputRef={input}
              error={Boolean(error)}
              helperText={error || ' '}
            />
            <SendButton busy={busy} fullWidth>
              Enviar el enlace
            </SendButton>
          </>
        )}
        <Button variant="text" onClick={onBack}>
          Volver a iniciar sesión
        </Button>
      </CardContent>
    </Box>
  );
}

/**
 * The admin's login: e-mail and password, then, when her account has the second factor on, a code from
 * her authenticator app or one of her recovery codes. A notice says so when she arrives here because
 * her session expired. "¿Olvidaste tu contraseña?" asks for a reset link by mail.
 */
export function LoginPage() {
  const [expired] = useState(sessionExpired);
  const login = useLogin();
  const [step, setStep] = useState<'password' | 'code' | 'forgot'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  // The form changes under her: the new field takes the focus, so the next keys go where she expects.
  useEffect(() => {
    if (step === 'code') codeInput.current?.focus();
  }, [step]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    const params: LoginParams = step === 'password' ? { username: email, password } : { code };
    try {
      await login(params);
    } catch (failure) {
      if (failure instanceof SecondFactorNeeded) {
        setStep('code');
        setPassword('');
      } else if (failure instanceof LoginStepExpired) {
        setStep('password');
        setCode('');
        setError(failure.message);
      } else {
        setError(
          failure instanceof Error ? failure.message : 'No se pudo iniciar sesión; inténtalo de nuevo',
        );
      }
    } finally {
      setBusy(false);
    }
  };

  if (step === 'forgot') {
    return (
      <Login>
        <ForgotPassword initialEmail={email} onBack={() => setStep('password')} />
      </Login>
    );
  }

  return (
    <Login>
      {expired ? (
        <Alert severity="warning" role="alert" sx={{ mx: 2, mt: 2 }}>
          {SESSION_EXPIRED_MESSAGE}
        </Alert>
      ) : null}
      <Box
        component="form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={step === 'password' ? 'Iniciar sesión' : 'Verificación en dos pasos'}
      >
        <CardContent sx={{ display: 'grid', gap: 2, width: 300, maxWidth: '100%' }}>
          {step === 'password' ? (
            <>
              <AccountEmail value={email} onChange={(event) => setEmail(event.target.value)} />
              <TextField
                label="Contraseña"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
              />
            </>
          ) : (
            <>
              <Typography variant="h6" component="h2">
                Verificación en dos pasos
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Escribe el código de 6 dígitos que muestra tu aplicación de autenticación. Si no tienes el
                teléfono a mano, usa uno de tus códigos de recuperación.
              </Typography>
              <CodeField
                value={code}
                onChange={(event) => setCode(event.target.value)}
                inputRef={codeInput}
              />
            </>
          )}
          <ErrorAlert message={error} />
          <SendButton busy={busy} fullWidth>
            {step === 'password' ? 'Iniciar sesión' : 'Verificar'}
          </SendButton>
          {step === 'code' ? (
            <Button
              variant="text"
              onClick={() => {
                setStep('password');
                setCode('');
                setError('');
              }}
            >
              Volver a escribir el correo y la contraseña
            </Button>
          ) : (
            <Button
              variant="text"
              onClick={() => {
                setError('');
                setStep('forgot');
              }}
            >
              ¿Olvidaste tu contraseña?
            </Button>
          )}
        </CardContent>
      </Box>
    </Login>
  );
}
