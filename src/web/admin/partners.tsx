import { TextField, UrlField } from 'react-admin';
import { TEXT_LIMITS } from '../../shared/constants.ts';
import { ImageListInput } from './image-list-input.tsx';
import { HttpsUrlInput, RequiredTextInput } from './content-inputs.tsx';
import { ContentCreate, ContentEdit, ContentForm, ContentList } from './content-pages.tsx';
import { PartnerInputSchema } from '../../shared/schemas.ts';

export function PartnerList() {
  return (
    <ContentList
      search="Buscar por nombre o cargo"
      sort={{ field: 'name', order: 'ASC' }}
      empty={{
        title: 'Todavía no hay socias',
        text: 'Agrega la primera para que aparezca en la página Socias.',
      }}
      image={{ label: 'Foto', src: (record) => record.images?.[0] }}
      secondaryText={(record) => record.job}
    >
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
    </ContentList>
  );
}

function PartnerForm() {
  return (
    <ContentForm schema={PartnerInputSchema} maxWidth={720}>
      <RequiredTextInput source="name" label="Nombre" max={TEXT_LIMITS.personName} />
      <RequiredTextInput source="job" label="Cargo" max={TEXT_LIMITS.position} />
      <HttpsUrlInput source="link" label="LinkedIn u otro enlace (opcional)" optional />
      <ImageListInput source="images" label="Foto" single helperText="Una foto cuadrada se ve mejor." />
    </ContentForm>
  );
}

export const PartnerCreate = () => <ContentCreate title="Nueva socia" form={<PartnerForm />} />;

export const PartnerEdit = () => <ContentEdit title="Editar socia" form={<PartnerForm />} />;
