import { Button as MuiButton } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Create,
  Datagrid,
  email,
  FunctionField,
  List,
  minLength,
  PasswordInput,
  required,
  SimpleForm,
  SimpleList,
  TextInput,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { EmptyState, useIsSmall } from './list-layout.tsx';
import { MIN_PASSWORD_LENGTH, NewAdminSchema } from '../../shared/admin-schemas.ts';
import { clock } from '../../shared/clock.ts';
import { adminPaths, adminSend } from './admin-api.ts';
import { schemaResolver } from './schema-resolver.ts';
import { useStepUp } from './step-up.tsx';

const MIN_PASSWORD = MIN_PASSWORD_LENGTH;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'No se pudo completar');

/**
 * Removing an account asks for the password again (and a code), in place of a plain confirmation
 * (decision 035). The server refuses to remove the last admin; its answer explains why.
 */
function RemoveAdminButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const { run, dialog } = useStepUp();
  if (!record) return null;
  const remove = async () => {
    try {
      const done = await run(
        `Quitar el acceso de ${record.email}: ya no podrá entrar a la administración`,
        () => adminSend('DELETE', adminPaths.admin(String(record.id))),
      );
      if (done === undefined) return;
      notify(`Se quitó el acceso de ${record.email}`, { type: 'info' });
      refresh();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
  };
  return (
    <>
      <MuiButton
        color="error"
        size="small"
        startIcon={<DeleteIcon />}
        onClick={() => void remove()}
        aria-label={`Quitar acceso de ${record.email}`}
      >
        Quitar acceso
      </MuiButton>
      {dialog}
    </>
  );
}

export function AdminList() {
  const small = useIsSmall();
  const { identity } = useGetIdentity();
  const isMe = (record: RaRecord) => identity?.id === record.id;
  return (
    <List
      title="Administradoras"
      pagination={false}
      exporter={false}
      empty={<EmptyState title="No hay cuentas" />}
    >
      {small ? (
        <SimpleList
          primaryText={(record) => (isMe(record) ? `${record.email} (tú)` : record.email)}
          secondaryText={(record) => `Desde ${clock.formatShort(record.createdAt)}`}
          tertiaryText={() => <RemoveAdminButton />}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label="Correo"
            sortable={false}
            render={(record: RaRecord) => (isMe(record) ? `${record.email} (tú)` : record.email)}
          />
          <FunctionField
            label="Creada"
            sortable={false}
            render={(record: RaRecord) => clock.formatShort(record.createdAt)}
          />
          <RemoveAdminButton />
        </Datagrid>
      )}
    </List>
  );
}

/** A new account: the password (and code) of the admin who creates it is asked first (decision 035). */
export function AdminCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const { run, dialog } = useStepUp();
  const save = async (values: Record<string, unknown>) => {
    try {
      const done = await run(`Crear la cuenta de administración de ${String(values.email)}`, () =>
        adminSend('POST', adminPaths.admins, { email: values.email, password: values.password }),
      );
      if (done === undefined) return;
      notify('Cuenta creada', { type: 'success' });
      redirect('list', 'admins');
    } catch (error) {
      const fields = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
      notify(messageOf(error), { type: 'error' });
      // Field messages go beside the fields (react-admin reads them from the answer).
      if (fields) return fields;
    }
  };
  return (
    <Create title="Nueva administradora" redirect="list">
      <SimpleForm sx={{ maxWidth: 560 }} resolver={schemaResolver(NewAdminSchema)} onSubmit={save}>
        <TextInput
          source="email"
          label="Correo electrónico"
          type="email"
          validate={[required(), email()]}
          fullWidth
        />
        <PasswordInput
          source="password"
          label="Contraseña inicial"
          validate={[required(), minLength(MIN_PASSWORD, `Al menos ${MIN_PASSWORD} caracteres`)]}
          helperText={`Al menos ${MIN_PASSWORD} caracteres. Compártela por un medio seguro y pide que la cambie.`}
          autoComplete="new-password"
          fullWidth
        />
      </SimpleForm>
      {dialog}
    </Create>
  );
}
