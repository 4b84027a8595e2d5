import DownloadIcon from '@mui/icons-material/FileDownload';
import { Button as MuiButton } from '@mui/material';
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
import { DeliveryChip, KIND_CHOICES, STATUS_CHOICES, StatusChip, kindLabel } from './request-parts.tsx';

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
          text="Aquí verás cada mensaje de contacto y cada solicitud de membresía."
        />
      }
    >
      {small ? (
        <SimpleList<InboxItem>
          primaryText={(record) => record.fullName}
          secondaryText={(record) => `${kindLabel(record.kind)} · ${clock.formatShort(record.createdAt)}`}
          tertiaryText={(record) => <DeliveryChip delivery={record.delivery} />}
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
          <TextField source="fullName" label="Nombre" sortable={false} />
          <TextField source="company" label="Empresa" sortable={false} />
          <TextField source="email" label="Correo" sortable={false} />
          <FunctionField
            label="Estado"
            sortable={false}
            render={(record: RaRecord) => <StatusChip status={record.status} />}
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
