import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PreviewIcon from '@mui/icons-material/VisibilityOutlined';
import { Button, Chip } from '@mui/material';
import { useEffect, useRef } from 'react';
import {
  FormDataConsumer,
  RadioButtonGroupInput,
  TextInput,
  TopToolbar,
  ListButton,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { adminPaths, itemPaths } from '../../shared/api-paths.ts';
import { clock } from '../../shared/clock.ts';
import type { PublicationStatus } from '../../shared/schemas.ts';

export type PublishedResource = 'events' | 'news';

/** "Borrador", "Programado para 8 mar 2027, 09:00" or "Publicado": an entry's state in the lists. */
export function publicationLabel(record: RaRecord | undefined): string {
  const status = record?.status as PublicationStatus | undefined;
  if (status === 'draft') return 'Borrador';
  if (status === 'scheduled') return `Programado para ${clock.formatShort(String(record?.publishAt ?? ''))}`;
  return 'Publicado';
}

/** The state as a small label: a draft grey, a scheduled entry amber, a published one green. */
export function PublicationChip({ record }: { record: RaRecord }) {
  const status = record.status as PublicationStatus | undefined;
  return (
    <Chip
      size="small"
      variant={status === 'published' ? 'filled' : 'outlined'}
      color={status === 'draft' ? 'default' : status === 'scheduled' ? 'warning' : 'success'}
      label={publicationLabel(record)}
      sx={{ maxWidth: '100%' }}
    />
  );
}

const STATES = [
  { id: 'draft', name: 'Borrador: solo lo ve el equipo' },
  { id: 'scheduled', name: 'Programado: se publica solo, en la fecha y hora que elijas' },
  { id: 'published', name: 'Publicado: visible en el sitio' },
];

/** The editor's state choice, with the date and time (Mexico City's) when it is scheduled. */
export function PublicationInput() {
  // Past the form's first render, a date field that appears is one the editor has just asked for.
  const rendered = useRef(false);
  useEffect(() => {
    rendered.current = true;
  }, []);
  return (
    <>
      <RadioButtonGroupInput
        source="status"
        label="Estado"
        choices={STATES}
        defaultValue="published"
        row={false}
        helperText="Un borrador o una entrada programada no aparece en el sitio, las listas, el mapa del sitio ni el calendario."
      />
      <FormDataConsumer>
        {({ formData }) =>
          formData.status === 'scheduled' ? <PublishAtInput chosenNow={rendered.current} /> : null
        }
      </FormDataConsumer>
    </>
  );
}

/**
 * The date and time of a scheduled entry. When the editor has just chosen "Programado", the field that
 * appears is brought into view: on a phone it would otherwise open under the save bar.
 */
function PublishAtInput({ chosenNow }: { chosenNow: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (chosenNow) box.current?.scrollIntoView({ block: 'nearest' });
    // Only when it appears: the editor then types in it, and the page stays where she put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={box}>
      <TextInput
        source="publishAt"
        label="Publicar el"
        type="datetime-local"
        format={clock.toInputValue}
        parse={(value: unknown) => clock.fromInputValue(value) || null}
        helperText="Hora de la Ciudad de México. A esa hora aparece en el sitio, sin que nadie haga nada."
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </div>
  );
}

/**
 * The edit page's actions: back to the list, "Vista previa" (the entry's page as visitors will see it,
 * as last saved, in a new tab) and, once published, "Ver en el sitio".
 */
export function PublicationActions({ resource }: { resource: PublishedResource }) {
  const record = useRecordContext();
  if (!record) return <TopToolbar />;
  const slug = String(record.slug ?? '');
  const page = resource === 'events' ? itemPaths.event(slug) : itemPaths.news(slug);
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListButton />
      <Button
        size="small"
        startIcon={<PreviewIcon />}
        href={adminPaths.contentPreview(resource, String(record.id))}
        target="_blank"
        rel="noopener"
      >
        Vista previa
      </Button>
      {record.status === 'published' ? (
        <Button size="small" startIcon={<OpenInNewIcon />} href={page} target="_blank" rel="noopener">
          Ver en el sitio
        </Button>
      ) : null}
    </TopToolbar>
  );
}
