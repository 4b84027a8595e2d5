import { LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { TextField } from 'react-admin';
import { TEXT_LIMITS } from '../../shared/constants.ts';
import { ImageListInput } from './image-list-input.tsx';
import { RequiredTextInput } from './content-inputs.tsx';
import { ContentCreate, ContentEdit, ContentForm, ContentList } from './content-pages.tsx';
import { PublicationInput } from './content-publication.tsx';
import { ShareCardPreview } from './share-card-preview.tsx';
import { NewsInputSchema } from '../../shared/schemas.ts';

const NewsTextInput = lazy(() => import('./news-text-input.tsx'));

/** News come from the server newest first (by the time they became public); that order is kept. */
export function NewsList() {
  return (
    <ContentList
      search="Buscar por título o lugar"
      sort={{ field: 'id', order: 'ASC' }}
      empty={{ title: 'Todavía no hay noticias', text: 'Publica la primera para que aparezca en Inicio.' }}
      image={{ label: 'Imagen', src: (record) => record.images?.[0] }}
      secondaryText={(record) => record.address}
      publication
    >
      <TextField source="name" label="Título" sortable={false} />
      <TextField source="address" label="Lugar" sortable={false} />
    </ContentList>
  );
}

function NewsForm() {
  return (
    <ContentForm schema={NewsInputSchema} maxWidth={880}>
      <RequiredTextInput source="name" label="Título" max={TEXT_LIMITS.title} />
      <RequiredTextInput source="address" label="Lugar" max={TEXT_LIMITS.location} />
      <Suspense
        fallback={<LinearProgress sx={{ width: '100%', my: 3 }} aria-label="Cargando el editor de texto" />}
      >
        <NewsTextInput />
      </Suspense>
      <ImageListInput source="images" label="Imágenes" />
      <PublicationInput />
    </ContentForm>
  );
}

export const NewsCreate = () => <ContentCreate title="Nueva noticia" form={<NewsForm />} />;

export const NewsEdit = () => (
  <ContentEdit
    title="Editar noticia"
    form={
      <>
        <NewsForm />
        <ShareCardPreview kind="news" />
      </>
    }
    publication="news"
  />
);
