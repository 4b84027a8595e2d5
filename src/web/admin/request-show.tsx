import ArchiveIcon from '@mui/icons-material/Archive';
import DoneIcon from '@mui/icons-material/Done';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import {
  DeleteButton,
  FunctionField,
  ListButton,
  Show,
  SimpleShowLayout,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { mailtoHref } from '../../shared/mail-links.ts';
import { adminPaths, adminSend, type InboxItem } from './admin-api.ts';
import { clock } from '../../shared/clock.ts';
import { formatDueDay } from '../../shared/arco.ts';
import { AnswerDueChip, DeliveryChip, StatusChip, kindLabel } from './request-parts.tsx';
import { SmallTable } from './small-table.tsx';

function StatusButtons() {
  const record = useRecordContext<InboxItem>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const change = (status: InboxItem['status'], message: string) =>
    update(
      'requests',
      { id: record.id, data: { status }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(message, { type: 'success' }),
        onError: (error) =>
          notify(error instanceof Error ? error.message : 'No se pudo guardar', { type: 'error' }),
      },
    );
  return (
    <>
      {record.status !== 'atendida' ? (
        <Button
          variant="outlined"
          startIcon={<DoneIcon />}
          disabled={isPending}
          onClick={() => change('atendida', 'Marcada como atendida')}
        >
          Marcar como atendida
        </Button>
      ) : null}
      {record.status !== 'archivada' ? (
        <Button
          variant="outlined"
          startIcon={<ArchiveIcon />}
          disabled={isPending}
          onClick={() => change('archivada', 'Archivada')}
        >
          Archivar
        </Button>
      ) : null}
    </>
  );
}

function RetryButton() {
  const record = useRecordContext<InboxItem>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || record.delivery.state !== 'fallido') return null;
  const retry = async () => {
    setBusy(true);
    try {
      await adminSend('POST', adminPaths.requestRetry(String(record.id)));
      notify('El correo volvió a la cola; se enviará en unos momentos.', { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'No se pudo reintentar', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="contained"
      color="warning"
      startIcon={<ReplayIcon />}
      disabled={busy}
      onClick={() => void retry()}
    >
      Reintentar envío
    </Button>
  );
}

const Actions = () => (
  <TopToolbar>
    <ListButton label="Volver a solicitudes" />
    <DeleteButton
      label="Eliminar"
      mutationMode="pessimistic"
      confirmTitle="¿Eliminar esta solicitud?"
      confirmContent="Se borra con sus correos. Queda constancia en el registro de actividad."
      redirect="list"
    />
  </TopToolbar>
);

/** Inside the card, where the buttons can wrap on a phone instead of running off the screen. */
const RequestActions = () => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
    <StatusButtons />
    <RetryButton />
  </Box>
);

const PURPOSE = { notify: 'Aviso a la asociación', ack: 'Acuse a quien escribió' } as const;
const MAIL_STATUS: Record<string, string> = {
  pending: 'Pendiente',
  sending: 'Enviando',
  sent: 'Enviado',
  failed: 'Fallido',
  cancelled: 'Cancelado',
};

function DeliveryDetails() {
  const record = useRecordContext<InboxItem>();
  if (!record) return null;
  if (record.delivery.messages.length === 0) {
    return <Typography color="text.secondary">Marcada como spam: no se envía ningún correo.</Typography>;
  }
  return (
    <SmallTable
      label="Correos de esta solicitud"
      columns={['Correo', 'Estado', 'Intentos', 'Enviado', 'Último error']}
    >
      {record.delivery.messages.map((message) => (
        <TableRow key={message.purpose}>
          <TableCell>{PURPOSE[message.purpose]}</TableCell>
          <TableCell>{MAIL_STATUS[message.status] ?? message.status}</TableCell>
          <TableCell>{message.attempts}</TableCell>
          <TableCell>{message.sentAt ? clock.formatShort(message.sentAt) : '—'}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>{message.lastError ?? '—'}</TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

/** A contact or membership request's person, or a barrier report's page, description and deadline. */
function PersonOrReport() {
  const record = useRecordContext<InboxItem>();
  if (!record) return null;
  const row = (label: string, value: ReactNode) => (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Box sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{value}</Box>
    </Box>
  );
  const email = record.email ? <a href={mailtoHref(record.email)}>{record.email}</a> : '—';
  if (record.kind === 'barrera') {
    return (
      <Box>
        {row('Página', record.pageUrl ?? '—')}
        {row('Qué pasó', record.details ?? '—')}
        {row('Correo para responder', record.email ? email : 'No dejó correo')}
        {row(
          'Responder a más tardar',
          record.answerDue ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <span>{formatDueDay(record.answerDue)} (10 días hábiles)</span>
              <AnswerDueChip item={record} />
            </Stack>
          ) : (
            'Atendida: sin plazo pendiente'
          ),
        )}
      </Box>
    );
  }
  return (
    <Box>
      {row('Nombre completo', record.fullName)}
      {row('Empresa', record.company)}
      {row('Puesto', record.position)}
      {row('Correo', email)}
      {row('Teléfono', <a href={`tel:${record.phoneNumber}`}>{record.phoneNumber}</a>)}
    </Box>
  );
}

export function RequestShow() {
  return (
    <Show title="Solicitud" actions={<Actions />}>
      <SimpleShowLayout>
        <RequestActions />
        <FunctionField label="Recibida" render={(record: RaRecord) => clock.formatShort(record.createdAt)} />
        <FunctionField label="Tipo" render={(record: RaRecord) => kindLabel(record.kind)} />
        <FunctionField
          label="Estado"
          render={(record: RaRecord) => (
            <Stack direction="row" spacing={1}>
              <StatusChip status={record.status} />
              {record.spam ? <Typography color="error">Spam</Typography> : null}
            </Stack>
          )}
        />
        <PersonOrReport />
        <FunctionField
          label="Envío del correo"
          render={(record: RaRecord) => <DeliveryChip delivery={(record as InboxItem).delivery} />}
        />
        <DeliveryDetails />
      </SimpleShowLayout>
    </Show>
  );
}
