import { Box, Button, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify } from 'react-admin';
import { ApiRequestError } from '../api/client.ts';
import { adminGet, adminPaths, adminSend, fieldErrors } from './admin-api.ts';
import { SettingsCard } from './form-parts.tsx';
import { SecondFactorCard } from './second-factor.tsx';
import { useStepUp } from './step-up.tsx';

function PasswordCard() {
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (next.length < 12)
      return setErrors({ newPassword: 'La contraseña debe tener al menos 12 caracteres' });
    setBusy(true);
    setErrors({});
    try {
      await adminSend('PUT', adminPaths.ownPassword, { currentPassword: current, newPassword: next });
      notify('Contraseña cambiada', { type: 'success' });
      setCurrent('');
      setNext('');
    } catch (error) {
      setErrors(fieldErrors(error));
      notify(error instanceof Error ? error.message : 'No se pudo cambiar', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsCard
      titleId="password-title"
      title="Cambiar mi contraseña"
      onSubmit={(event) => void submit(event)}
    >
      <Stack spacing={2}>
        <MuiTextField
          type="password"
          label="Contraseña actual"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={Boolean(errors.currentPassword)}
          helperText={errors.currentPassword}
          required
        />
        <MuiTextField
          type="password"
          label="Contraseña nueva"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword ?? 'Al menos 12 caracteres.'}
          required
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            Guardar contraseña
          </Button>
        </Box>
      </Stack>
    </SettingsCard>
  );
}

/**
 * "Cerrar las demás sesiones": every other session of the account ends for good (a browser left signed
 * in elsewhere, a lost phone); this one goes on. The password is asked again first, as for the other
 * sensitive changes.
 */
function SessionsCard() {
  const notify = useNotify();
  const { run, dialog } = useStepUp();
  const [busy, setBusy] = useState(false);
  const closeOthers = async () => {
    setBusy(true);
    try {
      const answer = await run('Cerrar las demás sesiones de tu cuenta', () =>
        adminSend<{ data: { ended: number } }>('DELETE', adminPaths.otherSessions),
      );
      if (answer === undefined) return;
      const ended = answer.data.ended;
      notify(
        ended === 0
          ? 'No había otras sesiones abiertas.'
          : ended === 1
            ? 'Se cerró 1 sesión.'
            : `Se cerraron ${ended} sesiones.`,
        { type: 'success' },
      );
    } catch (error) {
      notify(error instanceof Error ? error.message : 'No se pudieron cerrar', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsCard titleId="sessions-title" title="Sesiones abiertas">
      <Stack spacing={2}>
        <Typography color="text.secondary">
          Si dejaste tu cuenta abierta en otro equipo o perdiste un teléfono, cierra todas las demás sesiones:
          esta sigue abierta. Cambiar la contraseña o desactivar la verificación en dos pasos también las
          cierra.
        </Typography>
        <Box>
          <Button variant="outlined" disabled={busy} onClick={() => void closeOthers()}>
            Cerrar las demás sesiones
          </Button>
        </Box>
      </Stack>
      {dialog}
    </SettingsCard>
  );
}

function RetentionCard() {
  const notify = useNotify();
  const { run, dialog } = useStepUp();
  const [days, setDays] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    adminGet<{ data: { retentionDays: number | null } }>(adminPaths.retention)
      .then((answer) => setDays(answer.data.retentionDays === null ? '' : String(answer.data.retentionDays)))
      .catch(() => notify('No se pudo leer la configuración', { type: 'error' }))
      .finally(() => setLoaded(true));
  }, [notify]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const value = days.trim() === '' ? null : Number(days);
      // A change of retention may delete requests at once: the password is asked again (decision 035).
      const answer = await run(
        value === null
          ? 'Conservar las solicitudes sin límite'
          : `Eliminar las solicitudes atendidas o archivadas con más de ${value} días`,
        () =>
          adminSend<{ data: { deleted: number } }>('PUT', adminPaths.retention, {
            retentionDays: value,
          }),
      );
      if (answer === undefined) return;
      const deleted = answer.data.deleted;
      notify(
        value === null
          ? 'Conservación desactivada: las solicitudes se guardan sin límite.'
          : `Guardado. ${deleted === 1 ? 'Se eliminó 1 solicitud' : `Se eliminaron ${deleted} solicitudes`}.`,
        { type: 'success' },
      );
    } catch (error) {
      notify(
        error instanceof ApiRequestError || error instanceof Error ? error.message : 'No se pudo guardar',
        { type: 'error' },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsCard
      titleId="retention-title"
      title="Conservación de solicitudes"
      onSubmit={(event) => void submit(event)}
    >
      <Stack spacing={2}>
        <Typography color="text.secondary">
          Las solicitudes atendidas o archivadas con más días que estos se eliminan solas, y queda constancia
          en el registro de actividad. Déjalo vacío para conservarlas siempre.
        </Typography>
        <MuiTextField
          type="number"
          label="Días"
          value={days}
          disabled={!loaded}
          onChange={(event) => setDays(event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 3650, step: 1 } }}
          helperText="Vacío: desactivado"
          sx={{ maxWidth: 200 }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy || !loaded}>
            Guardar
          </Button>
        </Box>
      </Stack>
      {dialog}
    </SettingsCard>
  );
}

export function AccountPage() {
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 2, maxWidth: 640 }}>
      <Title title="Mi cuenta y ajustes" />
      <PasswordCard />
      <SecondFactorCard />
      <SessionsCard />
      <RetentionCard />
    </Box>
  );
}
