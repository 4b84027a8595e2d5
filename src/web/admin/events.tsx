import { Card, CardContent, Typography } from '@mui/material';
import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  FunctionField,
  required,
  SelectInput,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { EVENT_EXCERPT_LENGTH, TEXT_LIMITS } from '../../shared/constants.ts';
import { excerpt } from '../../shared/excerpt.ts';
import { EventDisplayDateInput } from './event-date-input.tsx';
import { SIGNUP_FILTER_CHOICES, signupsText } from './event-signups.ts';
import { EventRegistrations } from './event-registrations.tsx';
import { CertificatesLink } from './certificates.tsx';
import { ImageListInput } from './image-list-input.tsx';
import { HttpsUrlInput, RequiredTextInput } from './content-inputs.tsx';
import { ContentCreate, ContentEdit, ContentForm, ContentList } from './content-pages.tsx';
import { PublicationInput } from './content-publication.tsx';
import { ShareCardPreview } from './share-card-preview.tsx';
import { clock } from '../../shared/clock.ts';
import { EventInputSchema } from '../../shared/schemas.ts';

const filters = [
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
  <SelectInput
    key="registration"
    source="registration"
    label="Registro"
    alwaysOn
    emptyText="Todos"
    choices={SIGNUP_FILTER_CHOICES}
  />,
];

export function EventList() {
  return (
    <ContentList
      search="Buscar por nombre o lugar"
      filters={filters}
      sort={{ field: 'eventDate', order: 'ASC' }}
      empty={{ title: 'Todavía no hay eventos', text: 'Crea el primero para que aparezca en el calendario.' }}
      image={{ label: 'Portada', src: (record) => record.imageCover?.[0] ?? record.images?.[0] }}
      secondaryText={(record) => `${clock.formatShort(record.eventDate)} · ${signupsText(record)}`}
      tertiaryText={(record) => record.location}
      publication
    >
      <TextField source="name" label="Nombre" />
      <FunctionField
        label="Fecha (hora de CDMX)"
        sortBy="eventDate"
        render={(record: RaRecord) => clock.formatShort(record.eventDate)}
      />
      <TextField source="location" label="Lugar" />
      <FunctionField label="Registro" sortBy="signups" render={(record: RaRecord) => signupsText(record)} />
    </ContentList>
  );
}

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
    <ContentForm
      schema={EventInputSchema}
      maxWidth={880}
      defaultValues={{ imageCover: [], registration: { enabled: false, capacity: null } }}
    >
      <RequiredTextInput source="name" label="Nombre" max={TEXT_LIMITS.title} />
      <RequiredTextInput source="location" label="Lugar" max={TEXT_LIMITS.location} />
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
      <RequiredTextInput
        source="description"
        label="Descripción"
        max={TEXT_LIMITS.description}
        multiline
        minRows={4}
      />
      <ExcerptPreview />
      <HttpsUrlInput source="linkEvent" label="Enlace del evento (registro o más información)" />
      <ImageListInput
        source="imageCover"
        label="Imágenes de portada"
        helperText="La primera es la que se ve en el calendario."
      />
      <ImageListInput source="images" label="Imágenes" />
      <BooleanInput
        source="registration.enabled"
        label="Registro en el sitio"
        helperText="Muestra el formulario de registro en la página del evento hasta que empiece."
      />
      <NumberInput
        source="registration.capacity"
        label="Lugares"
        min={1}
        step={1}
        parse={(value: string | number | null) => (value === '' || value === null ? null : Number(value))}
        helperText="Vacío: sin límite. Al llenarse, las personas entran a una lista de espera."
      />
      <PublicationInput />
    </ContentForm>
  );
}

export const EventCreate = () => <ContentCreate title="Nuevo evento" form={<EventForm />} />;

export const EventEdit = () => (
  <ContentEdit
    title="Editar evento"
    publication="events"
    form={
      <>
        <EventForm />
        <ShareCardPreview kind="events" />
        <EventRegistrations />
        <CertificatesLink />
      </>
    }
  />
);
