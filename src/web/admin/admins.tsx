import {
  Create,
  Datagrid,
  DeleteButton,
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
  type RaRecord,
} from 'react-admin';
import { EmptyState, useIsSmall } from './list-layout.tsx';
import { MIN_PASSWORD_LENGTH, NewAdminSchema } from '../../shared/admin-schemas.ts';
import { clock } from '../../shared/clock.ts';
import { schemaResolver } from './schema-resolver.ts';

const MIN_PASSWORD = MIN_PASSWORD_LENGTH;

/** The server refuses to remove the last admin; the button stays, its answer explains why. */
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
          <DeleteButton
            mutationMode="pessimistic"
            confirmTitle="Quitar el acceso de %{recordRepresentation}"
            confirmContent="Esta persona ya no podrá entrar a la administración. ¿Continuar?"
          />
        </Datagrid>
      )}
    </List>
  );
}

export const AdminCreate = () => (
  <Create title="Nueva administradora" redirect="list">
    <SimpleForm sx={{ maxWidth: 560 }} resolver={schemaResolver(NewAdminSchema)}>
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
  </Create>
);
