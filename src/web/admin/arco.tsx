import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  List,
  ListButton,
  SelectInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import {
  ARCO_RIGHT_LABELS,
  ARCO_STATUSES,
  ARCO_STATUS_LABELS,
  formatDueDay,
  type ArcoStatus,
} from '../../shared/arco.ts';
import { clock } from '../../shared/clock.ts';
import type { ArcoItem } from '../../shared/privacy-schemas.ts';
import { actionLabel } from './audit.tsx';
import { EmptyState, useIsSmall } from './list-layout.tsx';

/** "Vence hoy", "Faltan 3 días hábiles", "Vencida hace 2 días hábiles"; empty once concluded. */
export function dueText(item: Pick<ArcoItem, 'businessDaysLeft' | 'nextDue'>): string {
  const left = item.businessDaysLeft;
  if (left === null || item.nextDue === null) return '';
  if (left === 0) return 'Vence hoy';
  if (left < 0) return `Vencida hace ${-left} ${-left === 1 ? 'día hábil' : 'días hábiles'}`;
  return `Faltan ${left} ${left === 1 ? 'día hábil' : 'días hábiles'}`;
}

/** The deadline as a chip: red when overdue, amber within five business days. */
export function DueChip({ item }: { item: Pick<ArcoItem, 'businessDaysLeft' | 'nextDue'> }) {
  const text = dueText(item);
  if (!text) return <Chip size="small" label="Concluida" />;
  const left = item.businessDaysLeft ?? 0;
  const color = left < 0 ? 'error' : left <= 5 ? 'warning' : 'default';
  return <Chip size="small" color={color} label={text} />;
}

// What the list and a request's page both show of it.
const rightOf = (record: RaRecord) => ARCO_RIGHT_LABELS[record.right as ArcoItem['right']];
const receivedOf = (record: RaRecord) => clock.formatShort(record.receivedAt);
const dueDayOf = (due: 'answerDue' | 'executionDue') => (record: RaRecord) => formatDueDay(record[due]);

const statusChoices = ARCO_STATUSES.map((id) => ({ id, name: ARCO_STATUS_LABELS[id] }));
const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Estado"
    alwaysOn
    emptyText="Todos"
    choices={statusChoices}
  />,
];

/** "Derechos ARCO": every request with its folio, received day, deadlines and status. */
export function ArcoList() {
  const small = useIsSmall();
  return (
    <List
      title="Derechos ARCO"
      filters={filters}
      exporter={false}
      sort={{ field: 'receivedAt', order: 'DESC' }}
      empty={<EmptyState create={false} title="Sin solicitudes de derechos ARCO" />}
    >
      {small ? (
        <SimpleList
          primaryText={(record) =>
            `${record.folio} · ${ARCO_RIGHT_LABELS[record.right as ArcoItem['right']]}`
          }
          secondaryText={(record) =>
            `${ARCO_STATUS_LABELS[record.status as ArcoStatus]} · ${dueText(record as ArcoItem) || 'Concluida'}`
          }
          tertiaryText={(record) => clock.formatShort(record.receivedAt)}
          linkType="show"
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="show">
          <TextField source="folio" label="Folio" sortable={false} />
          <FunctionField label="Derecho" render={rightOf} />
          <TextField source="fullName" label="Nombre" sortable={false} />
          <FunctionField label="Recibida" render={receivedOf} />
          <FunctionField label="Responder antes del" render={dueDayOf('answerDue')} />
          <FunctionField label="Cumplir antes del" render={dueDayOf('executionDue')} />
          <FunctionField
            label="Estado"
            render={(record: RaRecord) => ARCO_STATUS_LABELS[record.status as ArcoStatus]}
          />
          <FunctionField label="Plazo" render={(record: RaRecord) => <DueChip item={record as ArcoItem} />} />
        </Datagrid>
      )}
    </List>
  );
}

function StatusButtons() {
  const record = useRecordContext<ArcoItem>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
      {ARCO_STATUSES.filter((status) => status !== record.status && status !== 'recibida').map((status) => (
        <Button
          key={status}
          variant="outlined"
          disabled={isPending}
          onClick={() =>
            update(
              'arco',
              { id: record.id, data: { status }, previousData: record },
              {
                mutationMode: 'pessimistic',
                onSuccess: () => notify(`Estado: ${ARCO_STATUS_LABELS[status]}`, { type: 'success' }),
                onError: (error) =>
                  notify(error instanceof Error ? error.message : 'No se pudo guardar', { type: 'error' }),
              },
            )
          }
        >
          Marcar como {ARCO_STATUS_LABELS[status].toLowerCase()}
        </Button>
      ))}
    </Box>
  );
}

function History() {
  const record = useRecordContext<ArcoItem>();
  if (!record) return null;
  const rows = [
    { at: record.receivedAt, who: 'Sitio web', what: 'Solicitud recibida', detail: record.folio },
    ...(record.history ?? []).map((entry) => ({
      at: entry.at,
      who: entry.adminEmail ?? 'Sistema',
      what: actionLabel(entry.action),
      detail: entry.detail ?? '',
    })),
  ];
  return (
    <Box component="section" aria-labelledby="arco-historial">
      <Typography id="arco-historial" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Quién hizo qué
      </Typography>
      <Box component="ol" aria-labelledby="arco-historial" sx={{ pl: 2.5, m: 0 }}>
        {rows.map((row, index) => (
          <Box component="li" key={index} sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {clock.formatShort(row.at)} · {row.who} · {row.what}
            {row.detail ? ` (${row.detail})` : ''}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const Actions = () => (
  <TopToolbar>
    <ListButton label="Volver a Derechos ARCO" />
  </TopToolbar>
);

/** One ARCO request: what was asked, its deadlines, its status buttons and who did what. */
export function ArcoShow() {
  return (
    <Show title="Solicitud de derechos ARCO" actions={<Actions />}>
      <SimpleShowLayout>
        <StatusButtons />
        <TextField source="folio" label="Folio" />
        <FunctionField label="Derecho" render={rightOf} />
        <FunctionField
          label="Estado"
          render={(record: RaRecord) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography>{ARCO_STATUS_LABELS[record.status as ArcoStatus]}</Typography>
              <DueChip item={record as ArcoItem} />
            </Stack>
          )}
        />
        <FunctionField label="Recibida" render={receivedOf} />
        <FunctionField label="Responder a más tardar el" render={dueDayOf('answerDue')} />
        <FunctionField label="Hacerla efectiva a más tardar el" render={dueDayOf('executionDue')} />
        <TextField source="fullName" label="Nombre completo" emptyText="(eliminado)" />
        <FunctionField
          label="Correo"
          render={(record: RaRecord) => (
            <a href={`#/privacidad?email=${encodeURIComponent(String(record.email))}`}>{record.email}</a>
          )}
        />
        <TextField
          source="details"
          label="Descripción"
          emptyText="(eliminada)"
          sx={{ whiteSpace: 'pre-wrap' }}
        />
        <History />
      </SimpleShowLayout>
    </Show>
  );
}
