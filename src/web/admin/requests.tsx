import DownloadIcon from '@mui/icons-material/FileDownload';
import { Button as MuiButton, Stack } from '@mui/material';
import {
  Datagrid,
  DateInput,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useListContext,
  type RaRecord,
} from 'react-admin';
import { adminPaths, queryString, type InboxItem } from './admin-api.ts';
import { EmptyState, useIsSmall } from './list-layout.tsx';
import { clock } from '../../shared/clock.ts';
import {
  AnswerDueChip,
  DeliveryChip,
  KIND_CHOICES,
  STATUS_CHOICES,
  StatusChip,
  kindLabel,
  requestTitle,
} from './request-parts.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Nombre, empresa o correo" />,
  <SelectInput key="kind" source="kind" label="Tipo" choices={KIND_CHOICES} emptyText="Todos" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="Estado"
    choices={STATUS_CHOICES}
    emptyText="Todos"
    alwaysOn
  />,
  <SelectInput
    key="spam"
    source="spam"
    label="Bandeja"
    choices={[
      { id: 'false', name: 'Recibidas' },
      { id: 'true', name: 'Spam' },
    ]}
    emptyText="Recibidas"
  />,
  <DateInput key="from" source="from" label="Desde" />,
  <DateInput key="to" source="to" label="Hasta" />,
];

/** Downloads the list as filtered now; the browser sends the session cookie with the link. */
function ExportCsvButton() {
  const { filterValues } = useListContext();
  return (
    <MuiButton
      size="small"
      startIcon={<DownloadIcon />}
      href={adminPaths.requestsCsv + queryString(filterValues as Record<string, unknown>)}
      download
    >
      Exportar CSV
    </MuiButton>
  );
}

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportCsvButton />
  </TopToolbar>
);

export function RequestList() {
  const small = useIsSmall();
  return (
    <List
      title="Solicitudes"
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={
        <EmptyState
          create={false}
          title="Aún no llegan solicitudes"
          text="Aquí verás cada mensaje de contacto, cada solicitud de membresía y cada barrera de accesibilidad reportada."
        />
      }
    >
      {small ? (
        <SimpleList<InboxItem>
          primaryText={(record) => requestTitle(record)}
          secondaryText={(record) => `${kindLabel(record.kind)} · ${clock.formatShort(record.createdAt)}`}
          tertiaryText={(record) => (
            <>
              <DeliveryChip delivery={record.delivery} /> <AnswerDueChip item={record} />
            </>
          )}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <FunctionField
            label="Fecha"
            sortBy="createdAt"
            render={(record: RaRecord) => clock.formatShort(record.createdAt)}
          />
          <FunctionField
            label="Tipo"
            sortable={false}
            render={(record: RaRecord) => kindLabel(record.kind)}
          />
          <FunctionField
            label="Nombre"
            sortable={false}
            render={(record: RaRecord) => requestTitle(record as InboxItem)}
          />
          <TextField source="company" label="Empresa" sortable={false} />
          <TextField source="email" label="Correo" sortable={false} />
          <FunctionField
            label="Estado"
            sortable={false}
            render={(record: RaRecord) => (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <StatusChip status={record.status} />
                <AnswerDueChip item={record as InboxItem} />
              </Stack>
            )}
          />
          <FunctionField
            label="Envío del correo"
            sortable={false}
            render={(record: RaRecord) => <DeliveryChip delivery={record.delivery} />}
          />
        </Datagrid>
      )}
    </List>
  );
}
