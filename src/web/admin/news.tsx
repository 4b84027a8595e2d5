import { LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import {
  Create,
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  FunctionField,
  List,
  maxLength,
  required,
  SearchInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { TEXT_LIMITS } from '../../shared/constants.ts';
import { ImageListInput } from './image-list-input.tsx';
import { EmptyState, Thumbnail, useIsSmall } from './list-layout.tsx';

const NewsTextInput = lazy(() => import('./news-text-input.tsx'));

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Buscar por título o lugar" />];

/** News come from the server newest first; that order is kept (news carry no date of their own). */
export function NewsList() {
  const small = useIsSmall();
  return (
    <List
      title="Noticias"
      exporter={false}
      filters={filters}
      sort={{ field: 'id', order: 'ASC' }}
      empty={
        <EmptyState title="Todavía no hay noticias" text="Publica la primera para que aparezca en Inicio." />
      }
    >
      {small ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => record.address}
          leftAvatar={(record) => <Thumbnail src={record.images?.[0]} />}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField
            label="Imagen"
            render={(record: RaRecord) => <Thumbnail src={record.images?.[0]} />}
          />
          <TextField source="name" label="Título" sortable={false} />
          <TextField source="address" label="Lugar" sortable={false} />
          <EditButton />
          <DeleteButton mutationMode="pessimistic" />
        </Datagrid>
      )}
    </List>
  );
}

function NewsForm() {
  return (
    <SimpleForm defaultValues={{ images: [] }} sx={{ maxWidth: 880 }}>
      <TextInput
        source="name"
        label="Título"
        validate={[required(), maxLength(TEXT_LIMITS.title)]}
        fullWidth
      />
      <TextInput
        source="address"
        label="Lugar"
        validate={[required(), maxLength(TEXT_LIMITS.location)]}
        fullWidth
      />
      <Suspense
        fallback={<LinearProgress sx={{ width: '100%', my: 3 }} aria-label="Cargando el editor de texto" />}
      >
        <NewsTextInput />
      </Suspense>
      <ImageListInput source="images" label="Imágenes" />
    </SimpleForm>
  );
}

export const NewsCreate = () => (
  <Create title="Nueva noticia" redirect="list">
    <NewsForm />
  </Create>
);

export const NewsEdit = () => (
  <Edit title="Editar noticia" mutationMode="pessimistic" redirect="list">
    <NewsForm />
  </Edit>
);
