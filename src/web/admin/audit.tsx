import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  TextField,
  type RaRecord,
} from 'react-admin';
import { EmptyState, useIsSmall } from './list-layout.tsx';
import { clock } from '../../shared/clock.ts';

const ACTIONS: Record<string, string> = {
  'events.create': 'Creó un evento',
  'events.update': 'Editó un evento',
  'events.delete': 'Eliminó un evento',
  'news.create': 'Creó una noticia',
  'news.update': 'Editó una noticia',
  'news.delete': 'Eliminó una noticia',
  'partners.create': 'Agregó una socia',
  'partners.update': 'Editó una socia',
  'partners.delete': 'Eliminó una socia',
  'uploads.create': 'Subió una imagen',
  'requests.status': 'Cambió el estado de una solicitud',
  'requests.retry': 'Reintentó el envío de una solicitud',
  'settings.retention.update': 'Cambió la conservación de solicitudes',
  'retention.purge': 'Eliminación automática de solicitudes',
  'retention.spam': 'Eliminación automática de spam',
  'requests.delete': 'Eliminó una solicitud',
  'privacy.requests.status': 'Cambió el estado de una solicitud ARCO',
  'privacy.person.export': 'Exportó los datos de una persona',
  'privacy.person.cancel': 'Canceló los datos de una persona',
  'privacy.erase': 'Eliminación de datos al terminar el bloqueo',
  'admins.create': 'Creó una cuenta de administración',
  'admins.delete': 'Eliminó una cuenta de administración',
  'me.password': 'Cambió su contraseña',
  'auth.login': 'Inició sesión',
  'auth.login.failed': 'Intento de acceso fallido',
  'me.second-factor.enable': 'Activó la verificación en dos pasos',
  'me.second-factor.disable': 'Desactivó la verificación en dos pasos',
  'me.other-sessions.delete': 'Cerró las demás sesiones de su cuenta',
  'auth.logout': 'Cerró sesión',
  'me.confirm': 'Confirmó su contraseña para un cambio importante',
  'me.confirm.failed': 'Confirmación de contraseña fallida',
  'auth.password-reset.request': 'Pidió restablecer su contraseña por correo',
  'auth.password-reset': 'Restableció su contraseña con el enlace del correo',
  'admins.reset': 'Contraseña restablecida desde el servidor',
};

export const actionLabel = (action: string) => ACTIONS[action] ?? action;

const filters = [
  <SelectInput
    key="action"
    source="action"
    label="Acción"
    alwaysOn
    emptyText="Todas"
    choices={Object.entries(ACTIONS).map(([id, name]) => ({ id, name }))}
  />,
];

export function AuditList() {
  const small = useIsSmall();
  const who = (record: RaRecord) => record.adminEmail ?? 'Sistema';
  return (
    <List
      title="Registro de actividad"
      filters={filters}
      exporter={false}
      perPage={50}
      empty={<EmptyState create={false} title="Sin actividad registrada" />}
    >
      {small ? (
        <SimpleList
          primaryText={(record) => actionLabel(record.action)}
          secondaryText={(record) => `${who(record)} · ${clock.formatShort(record.createdAt)}`}
          tertiaryText={(record) => record.detail ?? ''}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField label="Cuándo" render={(record: RaRecord) => clock.formatShort(record.createdAt)} />
          <FunctionField label="Quién" render={who} />
          <FunctionField label="Qué" render={(record: RaRecord) => actionLabel(record.action)} />
          <TextField source="targetId" label="Elemento" emptyText="—" />
          <TextField source="detail" label="Detalle" emptyText="—" />
        </Datagrid>
      )}
    </List>
  );
}
