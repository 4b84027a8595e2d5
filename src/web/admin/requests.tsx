import { Stack } from '@mui/material';
import {
  Datagrid,
  DateInput,
  FilterButton,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { adminPaths, type InboxItem } from './admin-api.ts';
import { ExportCsvButton, choiceFilter, searchFilter } from './list-filters.tsx';
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
  searchFilter('Nombre, empresa o correo'),
  choiceFilter('kind', 'Tipo', KIND_CHOICES),
  choiceFilter('status', 'Estado', STATUS_CHOICES),
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

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportCsvButton path={adminPaths.requestsCsv} />
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
