import { Card, CardContent, Typography } from '@mui/material';
import {
  Create,
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  FormDataConsumer,
  FunctionField,
  List,
  maxLength,
  regex,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { EVENT_EXCERPT_LENGTH, TEXT_LIMITS } from '../../shared/constants.ts';
import { excerpt } from '../../shared/excerpt.ts';
import { EventDisplayDateInput } from './event-date-input.tsx';
import { ImageListInput } from './image-list-input.tsx';
import { EmptyState, Thumbnail, useIsSmall } from './list-layout.tsx';
import { clock } from '../../shared/clock.ts';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Buscar por nombre o lugar" />,
  <SelectInput
    key="when"
    source="when"
    label="Cuándo"
    alwaysOn
    emptyText="Todos"
    choices={[
      { id: 'upcoming', name: 'Próximos' },
      { id: 'past', name: 'Pasados' },
    ]}
  />,
];

export function EventList() {
  const small = useIsSmall();
  return (
    <List
      title="Eventos"
      exporter={false}
      filters={filters}
      sort={{ field: 'eventDate', order: 'ASC' }}
      empty={
        <EmptyState
          title="Todavía no hay eventos"
          text="Crea el primero para que aparezca en el calendario."
        />
      }
    >
      {small ? (
        <SimpleList
          primaryText={(record) => record.name}
          secondaryText={(record) => clock.formatShort(record.eventDate)}
          tertiaryText={(record) => record.location}
          leftAvatar={(record) => <Thumbnail src={record.imageCover?.[0] ?? record.images?.[0]} />}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField
            label="Portada"
            sortable={false}
            render={(record: RaRecord) => <Thumbnail src={record.imageCover?.[0] ?? record.images?.[0]} />}
          />
          <TextField source="name" label="Nombre" />
          <FunctionField
            label="Fecha (hora de CDMX)"
            sortBy="eventDate"
            render={(record: RaRecord) => clock.formatShort(record.eventDate)}
          />
          <TextField source="location" label="Lugar" />
          <EditButton />
          <DeleteButton mutationMode="pessimistic" />
        </Datagrid>
      )}
    </List>
  );
}

const httpsUrl = regex(/^https:\/\/\S+$/, 'Debe ser una dirección que empiece con https://');

function ExcerptPreview() {
  return (
    <FormDataConsumer>
      {({ formData }) => (
        <Card variant="outlined" sx={{ width: '100%', mb: 2, bgcolor: 'grey.50' }}>
          <CardContent>
            <Typography variant="overline" component="p">
              Vista previa del adelanto ({EVENT_EXCERPT_LENGTH} caracteres)
            </Typography>
            <Typography
              data-testid="excerpt-preview"
              sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {formData.description
                ? excerpt(String(formData.description), EVENT_EXCERPT_LENGTH)
                : 'Escribe la descripción para ver cómo se leerá.'}
            </Typography>
          </CardContent>
        </Card>
      )}
    </FormDataConsumer>
  );
}

function EventForm() {
  return (
    <SimpleForm defaultValues={{ images: [], imageCover: [] }} sx={{ maxWidth: 880 }}>
      <TextInput
        source="name"
        label="Nombre"
        validate={[required(), maxLength(TEXT_LIMITS.title)]}
        fullWidth
      />
      <TextInput
        source="location"
        label="Lugar"
        validate={[required(), maxLength(TEXT_LIMITS.location)]}
        fullWidth
      />
      <TextInput
        source="eventDate"
        label="Fecha y hora"
        type="datetime-local"
        format={clock.toInputValue}
        parse={clock.fromInputValue}
        validate={required()}
        helperText="Hora de la Ciudad de México. Ordena el calendario y decide si el evento es próximo."
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <EventDisplayDateInput />
      <TextInput
        source="description"
        label="Descripción"
        multiline
        minRows={4}
        validate={[required(), maxLength(TEXT_LIMITS.description)]}
        fullWidth
      />
      <ExcerptPreview />
      <TextInput
        source="linkEvent"
        label="Enlace del evento (registro o más información)"
        type="url"
        validate={[required(), httpsUrl]}
        fullWidth
      />
      <ImageListInput
        source="imageCover"
        label="Imágenes de portada"
        helperText="La primera es la que se ve en el calendario."
      />
      <ImageListInput source="images" label="Imágenes" />
    </SimpleForm>
  );
}

export const EventCreate = () => (
  <Create title="Nuevo evento" redirect="list">
    <EventForm />
  </Create>
);

export const EventEdit = () => (
  <Edit title="Editar evento" mutationMode="pessimistic" redirect="list">
    <EventForm />
  </Edit>
);
