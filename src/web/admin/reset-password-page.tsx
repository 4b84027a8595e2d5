import LockResetIcon from '@mui/icons-material/LockReset';
import { Alert, Avatar, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../shared/admin-schemas.ts';
import { adminPaths } from '../../shared/api-paths.ts';
import { ApiRequestError, sendJson } from '../api/client.ts';
import { ErrorAlert, SendButton } from './form-parts.tsx';

/**
 * The page a reset link opens (`#/restablecer-contrasena/<token>`): a new password, typed twice, posted
 * with the link's token. It logs nobody in: she then logs in with it, and with her code when her account
 * has the second factor. Drawn like the login, outside the admin's frame.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [linkError, setLinkError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setLinkError('');
    if (password.length < MIN_PASSWORD_LENGTH) {
      return setErrors({
        password: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`,
      });
    }
    if (repeat !== password) return setErrors({ repeat: 'Las dos contraseñas no coinciden' });
    setBusy(true);
    try {
      await sendJson('POST', adminPaths.passwordResetConfirm, { token, password });
      setDone(true);
    } catch (failure) {
      if (failure instanceof ApiRequestError) {
        if (failure.fields.token || failure.body?.error.code === 'RESET_LINK_INVALID') {
          setLinkError(failure.message);
        } else if (failure.fields.password) setErrors({ password: failure.fields.password });
        else setLinkError(failure.message);
      } else setLinkError('No hay conexión con el servidor. Inténtalo de nuevo.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        minHeight: '100vh',
        px: 2,
        backgroundImage: 'radial-gradient(circle at 50% 14em, #313264 0%, #00023b 60%, #00023b 100%)',
      }}
    >
      <Card sx={{ mt: { xs: 4, sm: '6em' }, width: 360, maxWidth: '100%' }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', m: 2 }}>
          <Avatar sx={{ bgcolor: 'secondary.main' }}>
            <LockResetIcon />
          </Avatar>
        </Box>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h1">
            Elige una contraseña nueva
          </Typography>
          {done ? (
            <>
              <Alert severity="success" role="status">
                Listo: tu contraseña quedó cambiada y se cerraron las sesiones abiertas de tu cuenta. Inicia
                sesión con la contraseña nueva (y con el código de tu aplicación, si usas la verificación en
                dos pasos).
              </Alert>
              <Button variant="contained" onClick={() => navigate('/login')}>
                Iniciar sesión
              </Button>
            </>
          ) : (
            <Box
              component="form"
              onSubmit={(event) => void submit(event)}
              noValidate
              aria-label="Elegir una contraseña nueva"
              sx={{ display: 'grid', gap: 2 }}
            >
              <TextField
                type="password"
                label="Contraseña nueva"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={Boolean(errors.password)}
                helperText={errors.password ?? `Al menos ${MIN_PASSWORD_LENGTH} caracteres.`}
                required
              />
              <TextField
                type="password"
                label="Repite la contraseña nueva"
                autoComplete="new-password"
                value={repeat}
                onChange={(event) => setRepeat(event.target.value)}
                error={Boolean(errors.repeat)}
                helperText={errors.repeat ?? ' '}
                required
              />
              <ErrorAlert message={linkError} />
              <SendButton busy={busy}>Guardar la contraseña</SendButton>
              <Button variant="text" onClick={() => navigate('/login')}>
                Ir a iniciar sesión
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
