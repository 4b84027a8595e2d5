import { Alert, Box, Button, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import type { SecondFactorSetup, SecondFactorStatus } from '../../shared/account-schemas.ts';
import { adminGet, adminPaths, adminSend, fieldErrors } from './admin-api.ts';
import { ErrorAlert, SettingsCard } from './form-parts.tsx';
import { useStepUp } from './step-up.tsx';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'No se pudo completar');

/** The recovery codes, shown once right after the set-up. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack spacing={2}>
      <Alert severity="success">La verificación en dos pasos quedó activada.</Alert>
      <Typography>
        Estos son tus códigos de recuperación. Cada uno sirve <strong>una sola vez</strong> para entrar si no
        tienes tu teléfono. Guárdalos en un lugar seguro (impresos o en tu gestor de contraseñas):{' '}
        <strong>no volverán a mostrarse</strong>.
      </Typography>
      <Box
        component="ul"
        aria-label="Códigos de recuperación"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
          gap: 1,
          p: 0,
          m: 0,
          listStyle: 'none',
          fontFamily: 'monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box>
        <Button variant="contained" onClick={onDone}>
          Ya guardé mis códigos
        </Button>
      </Box>
    </Stack>
  );
}

/** Set-up: the QR code, the secret as text, and the code that confirms the app reads it right. */
function Enrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const notify = useNotify();
  const [setup, setSetup] = useState<SecondFactorSetup>();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    try {
      setSetup((await adminSend<{ data: SecondFactorSetup }>('POST', adminPaths.secondFactorSetup)).data);
    } catch (failure) {
      notify(messageOf(failure), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const answer = await adminSend<{ data: { recoveryCodes: string[] } }>(
        'POST',
        adminPaths.secondFactorEnable,
        {
          code,
        },
      );
      onEnabled(answer.data.recoveryCodes);
    } catch (failure) {
      setError(fieldErrors(failure).code ?? messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!setup) {
    return (
      <Stack spacing={2}>
        <Typography color="text.secondary">
          Además de tu contraseña, al entrar se te pedirá un código de 6 dígitos de una aplicación de
          autenticación en tu teléfono (por ejemplo Google Authenticator, Microsoft Authenticator o Aegis).
        </Typography>
        <Box>
          <Button variant="contained" onClick={() => void start()} disabled={busy}>
            Activar la verificación en dos pasos
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} component="form" onSubmit={(event) => void confirm(event)} noValidate>
      <Typography>1. Escanea este código QR con tu aplicación de autenticación.</Typography>
      <Box
        component="img"
        src={setup.qrCode}
        alt="Código QR para añadir esta cuenta a tu aplicación de autenticación"
        width={200}
        height={200}
        sx={{ alignSelf: 'flex-start', border: 1, borderColor: 'divider', bgcolor: '#fff' }}
      />
      <Typography>
        Si no puedes escanearlo, escribe esta clave en la aplicación:{' '}
        <Box component="code" data-testid="totp-secret" sx={{ fontSize: '1rem', wordBreak: 'break-all' }}>
          {setup.secret}
        </Box>
      </Typography>
      <Typography>2. Escribe el código de 6 dígitos que te muestra la aplicación para confirmar.</Typography>
      <MuiTextField
        label="Código de la aplicación"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={Boolean(error)}
        helperText={error || ' '}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
        sx={{ maxWidth: 240 }}
        required
      />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          Confirmar y activar
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * Turning it off (not offered when the site requires it): the password and a code are asked again in a
 * dialog first (decision 035).
 */
function Disable({ onDisabled }: { onDisabled: () => void }) {
  const notify = useNotify();
  const { run, dialog } = useStepUp();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const disable = async () => {
    setBusy(true);
    setError('');
    try {
      const done = await run('Desactivar la verificación en dos pasos de tu cuenta', () =>
        adminSend('POST', adminPaths.secondFactorDisable),
      );
      if (done === undefined) return;
      notify('Verificación en dos pasos desactivada', { type: 'info' });
      onDisabled();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Si la desactivas, tus códigos de recuperación dejarán de servir y bastará tu contraseña para entrar.
      </Typography>
      <ErrorAlert message={error} />
      <Box>
        <Button variant="outlined" color="error" disabled={busy} onClick={() => void disable()}>
          Desactivar la verificación en dos pasos
        </Button>
      </Box>
      {dialog}
    </Stack>
  );
}

/** The "Verificación en dos pasos" card of "Mi cuenta". `onChange` is told when it is turned on or off. */
export function SecondFactorCard({ onChange }: { onChange?: () => void }) {
  const notify = useNotify();
  const [status, setStatus] = useState<SecondFactorStatus>();
  const [codes, setCodes] = useState<string[]>();
  const load = useCallback(() => {
    adminGet<{ data: SecondFactorStatus }>(adminPaths.secondFactor)
      .then((answer) => setStatus(answer.data))
      .catch(() => notify('No se pudo leer la verificación en dos pasos', { type: 'error' }));
  }, [notify]);
  useEffect(load, [load]);

  let body;
  if (codes) {
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(undefined);
          load();
          onChange?.();
        }}
      />
    );
  } else if (!status) {
    body = <Typography color="text.secondary">Cargando…</Typography>;
  } else if (!status.enabled) {
    body = <Enrolment onEnabled={setCodes} />;
  } else {
    body = (
      <Stack spacing={2}>
        <Alert severity="success">
          Activada. Te quedan {status.recoveryCodesLeft}{' '}
          {status.recoveryCodesLeft === 1 ? 'código' : 'códigos'} de recuperación.
        </Alert>
        {status.required ? (
          <Typography color="text.secondary">
            El sitio exige la verificación en dos pasos a todas las administradoras.
          </Typography>
        ) : (
          <Disable
            onDisabled={() => {
              load();
              onChange?.();
            }}
          />
        )}
      </Stack>
    );
  }
  return (
    <SettingsCard titleId="second-factor-title" title="Verificación en dos pasos">
      {body}
    </SettingsCard>
  );
}
