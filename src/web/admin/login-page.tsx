import { Alert, Box, Button, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Login, useLogin } from 'react-admin';
import {
  LoginStepExpired,
  SESSION_EXPIRED_MESSAGE,
  SecondFactorNeeded,
  sessionExpired,
  type LoginParams,
} from './auth-provider.ts';

/**
 * The admin's login: e-mail and password, then, when her account has the second factor on, a code from
 * her authenticator app or one of her recovery codes. A notice says so when she arrives here because
 * her session expired.
 */
export function LoginPage() {
  const [expired] = useState(sessionExpired);
  const login = useLogin();
  const [step, setStep] = useState<'password' | 'code'>('password');
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
              <TextField
                label="Correo electrónico"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                required
              />
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
              <TextField
                label="Código de verificación"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 32 } }}
                inputRef={codeInput}
                required
              />
            </>
          )}
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
            fullWidth
          >
            {step === 'password' ? 'Iniciar sesión' : 'Verificar'}
          </Button>
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
          ) : null}
        </CardContent>
      </Box>
    </Login>
  );
}
