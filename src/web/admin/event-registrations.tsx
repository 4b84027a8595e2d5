import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { clock } from '../../shared/clock.ts';
import { adminGet, adminPaths, adminSend } from './admin-api.ts';
import { SmallTable } from './small-table.tsx';

/** The registrations' columns; the last holds the button that cancels one. */
const REGISTRATION_COLUMNS = ['Nombre', 'Correo', 'Estado', 'Lugar', 'Registro', 'Asistencia', ''];

interface AdminRegistration {
  id: string;
  fullName: string;
  email: string;
  status: 'confirmed' | 'waitlisted' | 'cancelled';
  place: number | null;
  source: string;
  createdAt: string;
  checkedInAt: string | null;
}

interface RegistrationsAnswer {
  data: AdminRegistration[];
  registration: {
    enabled: boolean;
    capacity: number | null;
    confirmed: number;
    waitlisted: number;
    checkedIn: number;
  };
}

const STATUS = { confirmed: 'Confirmada', waitlisted: 'En espera', cancelled: 'Cancelada' } as const;

/**
 * An event's registrations, below its edit form: the counts against capacity, the list (name, e-mail,
 * status, place, time, attendance), the CSV, adding a person by hand and cancelling one (the first on
 * the waitlist then takes the seat).
 */
export function EventRegistrations() {
  const record = useRecordContext<{ id: string }>();
  const notify = useNotify();
  const [answer, setAnswer] = useState<RegistrationsAnswer>();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const eventId = record?.id;

  const [version, setVersion] = useState(0);
  const load = useCallback(async () => setVersion((n) => n + 1), []);
  useEffect(() => {
    if (!eventId) return;
    let current = true;
    adminGet<RegistrationsAnswer>(adminPaths.eventRegistrations(String(eventId))).then(
      (next) => {
        if (current) setAnswer(next);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [eventId, version]);
  if (!eventId || !answer) return null;
  const { registration, data } = answer;

  const add = async () => {
    try {
      const result = await adminSend<{ data: { status: string; position?: number } }>(
        'POST',
        adminPaths.eventRegistrations(String(eventId)),
        { data: { fullName, email } },
      );
      notify(
        result.data.status === 'confirmed'
          ? 'Registro confirmado'
          : `Agregada a la lista de espera (lugar ${result.data.position ?? ''})`,
        { type: 'success' },
      );
      setFullName('');
      setEmail('');
      await load();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const cancel = async (id: string) => {
    try {
      const result = await adminSend<{ data: { promoted: number } }>(
        'POST',
        adminPaths.registrationCancel(id),
      );
      notify(
        result.data.promoted > 0
          ? 'Registro cancelado; la primera persona en espera ya tiene su lugar'
          : 'Registro cancelado',
        { type: 'success' },
      );
      await load();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-labelledby="registros-titulo">
      <CardContent>
        <Typography variant="h6" component="h2" id="registros-titulo">
          Registros
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {registration.enabled ? 'Registro abierto' : 'Registro cerrado'} · Confirmadas:{' '}
          {registration.confirmed}
          {registration.capacity !== null ? ` de ${registration.capacity}` : ' (sin límite)'} · En espera:{' '}
          {registration.waitlisted} · Asistieron: {registration.checkedIn}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
          <TextField
            size="small"
            label="Nombre completo"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
          />
          <TextField
            size="small"
            label="Correo electrónico"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button variant="contained" onClick={() => void add()}>
            Agregar persona
          </Button>
          <Button
            startIcon={<DownloadIcon />}
            href={adminPaths.eventRegistrationsCsv(String(eventId))}
            download
          >
            Exportar CSV
          </Button>
        </Stack>
        {data.length === 0 ? (
          <Alert severity="info">Todavía nadie se ha registrado.</Alert>
        ) : (
          <SmallTable columns={REGISTRATION_COLUMNS}>
            {data.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.fullName}</TableCell>
                <TableCell>{row.email}</TableCell>
                <TableCell>{STATUS[row.status]}</TableCell>
                <TableCell>{row.status === 'waitlisted' ? row.place : ''}</TableCell>
                <TableCell>{clock.formatShort(row.createdAt)}</TableCell>
                <TableCell>{row.checkedInAt ? clock.formatShort(row.checkedInAt) : ''}</TableCell>
                <TableCell>
                  {row.status !== 'cancelled' ? (
                    <Button size="small" color="error" onClick={() => void cancel(row.id)}>
                      Cancelar
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </SmallTable>
        )}
      </CardContent>
    </Card>
  );
}
