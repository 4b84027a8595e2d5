import {
  Create,
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  FunctionField,
  List,
  maxLength,
  regex,
  required,
  SearchInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  UrlField,
  type RaRecord,
} from 'react-admin';
import { TEXT_LIMITS } from '../../shared/constants.ts';
import { ImageListInput } from './image-list-input.tsx';
import { EmptyState, Thumbnail, useIsSmall } from './list-layout.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Buscar por nombre o cargo" />];

export function PartnerList() {
  const small = useIsSmall();
  return (
    <List
      title="Socias"
      exporter={false}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      empty={
        <EmptyState
          title="Todavía no hay socias"
          text="Agrega la primera para que aparezca en la página Socias."
        />
      }
    >
      {small ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => record.job}
          leftAvatar={(record) => <Thumbnail src={record.images?.[0]} />}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField label="Foto" render={(record: RaRecord) => <Thumbnail src={record.images?.[0]} />} />
          <TextField source="name" label="Nombre" />
          <TextField source="job" label="Cargo" />
          <UrlField
            source="link"
            label="Enlace"
            sortable={false}
            emptyText="—"
            target="_blank"
            rel="noreferrer"
          />
          <EditButton />
          <DeleteButton mutationMode="pessimistic" />
        </Datagrid>
      )}
    </List>
  );
}

const optionalHttps = regex(/^(https:\/\/\S+)?$/, 'Debe ser una dirección que empiece con https://');

function PartnerForm() {
  return (
    <SimpleForm defaultValues={{ images: [] }} sx={{ maxWidth: 720 }}>
      <TextInput
        source="name"
        label="Nombre"
        validate={[required(), maxLength(TEXT_LIMITS.personName)]}
        fullWidth
      />
      <TextInput
        source="job"
        label="Cargo"
        validate={[required(), maxLength(TEXT_LIMITS.position)]}
        fullWidth
      />
      <TextInput
        source="link"
        label="LinkedIn u otro enlace (opcional)"
        type="url"
        validate={optionalHttps}
        fullWidth
      />
      <ImageListInput source="images" label="Foto" single helperText="Una foto cuadrada se ve mejor." />
    </SimpleForm>
  );
}

export const PartnerCreate = () => (
  <Create title="Nueva socia" redirect="list">
    <PartnerForm />
  </Create>
);

export const PartnerEdit = () => (
  <Edit title="Editar socia" mutationMode="pessimistic" redirect="list">
    <PartnerForm />
  </Edit>
);
