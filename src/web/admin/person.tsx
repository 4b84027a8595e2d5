import DownloadIcon from '@mui/icons-material/Download';
import BlockIcon from '@mui/icons-material/Block';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router';
import { clock } from '../../shared/clock.ts';
import type { PersonRecord } from '../../shared/privacy-schemas.ts';
import { adminGet, adminPaths, adminSend, queryString } from './admin-api.ts';
import { useStepUp } from './step-up.tsx';

/** The headings of the record's sections; a domain added later shows under its own key until named here. */
const SECTION_LABELS: Record<string, string> = {
  requests: 'Solicitudes de contacto y membresía',
  arcoRequests: 'Solicitudes de derechos ARCO',
  consents: 'Consentimientos',
  outbox: 'Correos (solo su estado)',
  registrations: 'Registros a eventos',
  subscriptions: 'Suscripciones al boletín',
  members: 'Membresía (solicitudes, pagos y recibos)',
};

const isInstant = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value);
const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : isInstant(value)
      ? clock.formatShort(value as string)
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

function Section({ name, items }: { name: string; items: unknown[] }) {
  const id = `persona-${name}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {SECTION_LABELS[name] ?? name} ({items.length})
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">Nada guardado.</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 2, m: 0 }}>
          {items.map((item, index) => (
            <Box component="li" key={index} sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {Object.entries(item as Record<string, unknown>)
                .map(([key, value]) => `${key}: ${show(value)}`)
                .join(' · ')}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * "Datos de una persona": everything stored about an e-mail address, its export as JSON (the Acceso
 * right) and the cancellation of its data (blocked at once, erased after the blocking period), which
 * asks for the password again first.
 */
export function PersonPage() {
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const [typed, setTyped] = useState(email);
  // What was found, for which address and which load (a cancellation loads it again).
  const [version, setVersion] = useState(0);
  const [found, setFound] = useState<{ key: string; record: PersonRecord | null }>({ key: '', record: null });
  const [confirming, setConfirming] = useState(false);
  const notify = useNotify();
  // Cancelling cannot be undone: it asks for the password again (decision 035), as removing an admin does.
  const stepUp = useStepUp();
  const key = `${version}:${email}`;
  const record = email && found.key === key ? found.record : null;
  const loading = Boolean(email) && found.key !== key;

  useEffect(() => {
    if (!email) return undefined;
    let live = true;
    adminGet<{ data: PersonRecord }>(adminPaths.person + queryString({ email }))
      .then(({ data }) => live && setFound({ key: `${version}:${email}`, record: data }))
      .catch((error: unknown) => {
        if (!live) return;
        setFound({ key: `${version}:${email}`, record: null });
        notify(error instanceof Error ? error.message : 'No se pudo buscar', { type: 'error' });
      });
    return () => {
      live = false;
    };
  }, [email, version, notify]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed.trim() ? { email: typed.trim() } : {});
  };

  const exportJson = async () => {
    try {
      const response = await fetch(adminPaths.personExport + queryString({ email }), {
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error('No se pudo exportar');
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'datos.json';
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'No se pudo exportar', { type: 'error' });
    }
  };

  const cancel = async () => {
    setConfirming(false);
    try {
      const answer = await stepUp.run(`Cancelar los datos de ${email}`, () =>
        adminSend<{ data: { eraseAfter: string; cancelledMail: number } }>('POST', adminPaths.personCancel, {
          data: { email },
        }),
      );
      if (answer === undefined) return;
      const { data } = answer;
      notify(
        `Datos bloqueados. Se eliminarán después del ${clock.formatShort(data.eraseAfter)}; ${data.cancelledMail} correos pendientes cancelados.`,
        { type: 'success' },
      );
      setVersion((current) => current + 1);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'No se pudo cancelar', { type: 'error' });
    }
  };

  const sections = record
    ? Object.entries(record).filter(([key]) => key !== 'email' && key !== 'blocked')
    : [];
  const anything = sections.some(([, items]) => Array.isArray(items) && items.length > 0);

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="Datos de una persona" />
      <Card component="section" aria-labelledby="persona-buscar">
        <CardContent>
          <Typography id="persona-buscar" variant="h6" component="h2" gutterBottom>
            Buscar por correo
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Muestra todo lo que el sitio guarda de una dirección: solicitudes, consentimientos, correos y
            registros. Sirve para responder los derechos de acceso y cancelación.
          </Typography>
          <Box component="form" onSubmit={search} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <TextField
              label="Correo electrónico"
              type="email"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              size="small"
              sx={{ flex: '1 1 16rem' }}
            />
            <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
              Buscar
            </Button>
          </Box>
        </CardContent>
      </Card>
      {loading ? <CircularProgress size={24} aria-label="Buscando" /> : null}
      {record && !loading ? (
        <Card component="section" aria-labelledby="persona-datos">
          <CardContent>
            <Typography id="persona-datos" variant="h6" component="h2">
              {record.email}
            </Typography>
            {record.blocked ? (
              <Alert severity="warning" sx={{ my: 1 }}>
                {record.blocked.erasedAt
                  ? `Datos eliminados el ${clock.formatShort(record.blocked.erasedAt)}.`
                  : `Datos bloqueados desde el ${clock.formatShort(record.blocked.blockedAt)}; se eliminarán después del ${clock.formatShort(record.blocked.eraseAfter)}.`}
              </Alert>
            ) : null}
            {!anything ? (
              <Typography color="text.secondary">No hay datos guardados de esta dirección.</Typography>
            ) : null}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportJson()}>
                Exportar (JSON)
              </Button>
              {!record.blocked ? (
                <Button
                  aria-describedby="cancelar-aviso"
                  variant="outlined"
                  color="error"
                  startIcon={<BlockIcon />}
                  onClick={() => setConfirming(true)}
                >
                  Cancelar datos
                </Button>
              ) : null}
            </Box>
            {!record.blocked ? (
              <Typography id="cancelar-aviso" variant="body2" color="text.secondary">
                Cancelar no se puede deshacer: antes te pediremos de nuevo tu contraseña (salvo que la hayas
                confirmado en los últimos cinco minutos).
              </Typography>
            ) : null}
            {sections.map(([name, items]) => (
              <Section key={name} name={name} items={items as unknown[]} />
            ))}
          </CardContent>
        </Card>
      ) : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="cancelar-titulo">
        <DialogTitle id="cancelar-titulo">¿Cancelar los datos de {email}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            La persona desaparece en este momento de todas las listas, búsquedas y exportaciones, y no se le
            envía ningún correo pendiente. Sus datos se eliminan al terminar el periodo de bloqueo; solo queda
            la prueba de su consentimiento, sin su correo. No se puede deshacer: para continuar te pediremos
            de nuevo tu contraseña, si no la confirmaste en los últimos cinco minutos.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>No, volver</Button>
          <Button color="error" variant="contained" onClick={() => void cancel()}>
            Sí, cancelar datos
          </Button>
        </DialogActions>
      </Dialog>
      {stepUp.dialog}
    </Box>
  );
}
