import { Box, LinearProgress, Link as MuiLink, TableCell, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { Link } from 'react-router';
import { clock } from '../../shared/clock.ts';
import type { MemberDetail } from '../../shared/member-schemas.ts';
import { memberApiPaths } from '../../shared/member-paths.ts';
import { formatPesos } from '../../shared/members.ts';
import { MemberActions, PaymentForm } from './members-actions.tsx';
import { MemberStatusChip, PLAN_LABELS, dayText } from './members.tsx';
import { SectionCard } from './section-card.tsx';
import { SmallTable } from './small-table.tsx';

const when = (instant: string | null) => (instant ? clock.formatShort(instant) : '—');

const ACTIONS: Record<string, string> = {
  solicitud: 'Solicitud',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
  pago: 'Pago',
  renovacion: 'Renovación',
  baja: 'Baja',
  importada: 'Importada',
  directorio: 'Directorio',
  alta: 'Alta',
  comprobante: 'Comprobante',
  invitacion: 'Invitación',
  lugar: 'Lugar corporativo',
};
const REMINDER_STATES: Record<string, string> = {
  programado: 'Programado',
  enviando: 'Enviando',
  enviado: 'Enviado',
  fallido: 'Fallido',
  cancelado: 'Cancelado',
  sin_confirmar: 'Sin confirmar (casi siempre entregado)',
};
const PAYMENT_STATES: Record<string, string> = {
  pendiente: 'Pendiente',
  pagado: 'Pagado',
  cancelado: 'Cancelado',
};
const actorText = (actor: string) =>
  actor === 'socia' ? 'La socia' : actor === 'sistema' ? 'El sitio' : actor;

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, gap: 1, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Payments({ member }: { member: MemberDetail }) {
  if (member.payments.length === 0) return <Typography color="text.secondary">Sin pagos todavía.</Typography>;
  return (
    <SmallTable label="Pagos" columns={['Referencia', 'Importe', 'Estado', 'Pagado', 'Periodo', 'Recibo']}>
      {member.payments.map((payment) => (
        <TableRow key={payment.id}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{payment.reference}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPesos(payment.amountCents)}</TableCell>
          <TableCell>{PAYMENT_STATES[payment.status] ?? payment.status}</TableCell>
          <TableCell>{when(payment.paidAt)}</TableCell>
          <TableCell>
            {payment.periodStart ? `${dayText(payment.periodStart)} – ${dayText(payment.periodEnd)}` : '—'}
          </TableCell>
          <TableCell>
            {payment.folio ? (
              <MuiLink href={memberApiPaths.receipt(member.id, payment.id)} target="_blank" rel="noopener">
                {payment.folio} (PDF)
              </MuiLink>
            ) : (
              '—'
            )}
          </TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

function Reminders({ member }: { member: MemberDetail }) {
  if (member.reminders.length === 0)
    return <Typography color="text.secondary">No hay recordatorios programados.</Typography>;
  return (
    <SmallTable
      label="Recordatorios"
      columns={['Recordatorio', 'Programado para', 'Estado', 'Enviado', 'Error']}
    >
      {member.reminders.map((reminder) => (
        <TableRow key={`${reminder.purpose}-${reminder.sendAt}`}>
          <TableCell>{reminder.label}</TableCell>
          <TableCell>{when(reminder.sendAt)}</TableCell>
          <TableCell>{REMINDER_STATES[reminder.state] ?? reminder.state}</TableCell>
          <TableCell>{when(reminder.sentAt)}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>{reminder.lastError ?? '—'}</TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

function History({ member }: { member: MemberDetail }) {
  return (
    <SmallTable label="Historial" columns={['Cuándo', 'Quién', 'Qué', 'Por qué']}>
      {[...member.history].reverse().map((entry, index) => (
        <TableRow key={index}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(entry.at)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{actorText(entry.actor)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{ACTIONS[entry.action] ?? entry.action}</TableCell>
          <TableCell sx={{ minWidth: 240 }}>{entry.detail ?? '—'}</TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

function MemberPage() {
  const member = useRecordContext<MemberDetail>();
  // The list's row stands in while the whole member loads: wait for her history.
  if (!member || !Array.isArray(member.history)) return <LinearProgress aria-label="Cargando a la socia" />;
  const directory = member.directory.listed
    ? `Sí: ${member.directory.fields.length} campo(s) a la vista`
    : 'No aparece';
  return (
    <Box sx={{ display: 'grid', gap: 2, p: { xs: 1, sm: 2 } }}>
      <Box>
        <Typography variant="h5" component="h1">
          {member.fullName}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <MemberStatusChip status={member.status} />
          <Typography>{member.statusText}</Typography>
        </Box>
        <MemberActions member={member} />
      </Box>
      <SectionCard id="socia-datos" title="Datos">
        <Facts
          rows={[
            ['Número de socia', member.number ?? '—'],
            ['Plan', `${member.planName} (${PLAN_LABELS[member.plan]})`],
            ['Correo', <MuiLink href={`mailto:${member.email}`}>{member.email}</MuiLink>],
            ['Teléfono', member.phone || '—'],
            ['Organización', member.organisation || '—'],
            ['Puesto', member.position || '—'],
            [
              'Periodo',
              member.periodStart ? `${dayText(member.periodStart)} – ${dayText(member.periodEnd)}` : '—',
            ],
            ['Directorio', directory],
            ['Alta', when(member.createdAt)],
            ...(member.proof
              ? ([
                  [
                    'Comprobante de estudios',
                    <MuiLink href={memberApiPaths.proof(member.id)} target="_blank" rel="noopener">
                      Ver comprobante
                    </MuiLink>,
                  ],
                ] as [string, ReactNode][])
              : []),
            ...(member.requestId
              ? ([
                  [
                    'Solicitud',
                    <MuiLink component={Link} to={`/requests/${member.requestId}/show`}>
                      Ver la solicitud
                    </MuiLink>,
                  ],
                ] as [string, ReactNode][])
              : []),
          ]}
        />
      </SectionCard>
      <SectionCard id="socia-pagos" title="Pagos y recibos">
        <Payments member={member} />
        <Box sx={{ mt: 2 }}>
          <PaymentForm member={member} />
        </Box>
      </SectionCard>
      {member.seats.length > 0 || member.invitations.length > 0 ? (
        <SectionCard id="socia-lugares" title="Lugares corporativos">
          <SmallTable label="Lugares" columns={['Correo', 'Invitada', 'Aceptó']}>
            {member.invitations.map((invitation) => (
              <TableRow key={invitation.email}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{invitation.email}</TableCell>
                <TableCell>{when(invitation.createdAt)}</TableCell>
                <TableCell>{when(invitation.acceptedAt)}</TableCell>
              </TableRow>
            ))}
          </SmallTable>
        </SectionCard>
      ) : null}
      <SectionCard id="socia-recordatorios" title="Recordatorios de renovación">
        <Reminders member={member} />
      </SectionCard>
      <SectionCard id="socia-historial" title="Historial">
        <History member={member} />
      </SectionCard>
    </Box>
  );
}

const Actions = () => (
  <TopToolbar>
    <ListButton label="Volver a socias" />
  </TopToolbar>
);

export function MemberShow() {
  return (
    <Show title="Socia" actions={<Actions />} component="div">
      <MemberPage />
    </Show>
  );
}
