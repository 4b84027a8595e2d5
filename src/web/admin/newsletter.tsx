import { Chip, LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import {
  Create,
  CreateButton,
  Datagrid,
  Edit,
  FunctionField,
  List,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  maxLength,
  required,
  useRecordContext,
} from 'react-admin';
import type { Campaign, SubscriberItem } from '../../shared/admin-schemas.ts';
import { clock } from '../../shared/clock.ts';
import { adminPaths } from './admin-api.ts';
import { ExportCsvButton, choiceFilter, searchFilter } from './list-filters.tsx';
import { EmptyState, useIsSmall } from './list-layout.tsx';
import {
  AUDIENCE_CHOICES,
  AUDIENCES,
  CampaignSending,
  CampaignStatusChip,
  uncertainText,
} from './newsletter-sending.tsx';

const NewsTextInput = lazy(() => import('./news-text-input.tsx'));

// --- Subscribers -----------------------------------------------------------------------------------

export const SUBSCRIBER_STATUS_CHOICES = [
  { id: 'pending', name: 'Pendiente de confirmar' },
  { id: 'active', name: 'Activa' },
  { id: 'unsubscribed', name: 'Dada de baja' },
  { id: 'bounced', name: 'Rebotada' },
];
const SUBSCRIBER_COLORS = {
  pending: 'warning',
  active: 'success',
  unsubscribed: 'default',
  bounced: 'error',
} as const;
const SOURCE_LABELS: Record<string, string> = {
  boletin: 'Formulario del boletín',
  contacto: 'Formulario de contacto',
  membresia: 'Solicitud de membresía',
  registro: 'Registro a un evento',
};
const sourceLabel = (source: string) => SOURCE_LABELS[source] ?? source;

function SubscriberStatusChip({ status }: { status: SubscriberItem['status'] }) {
  const label = SUBSCRIBER_STATUS_CHOICES.find((choice) => choice.id === status)?.name ?? status;
  return (
    <Chip size="small" variant="outlined" label={label} color={SUBSCRIBER_COLORS[status] ?? 'default'} />
  );
}

const subscriberFilters = [
  searchFilter('Correo o nombre'),
  choiceFilter('status', 'Estado', SUBSCRIBER_STATUS_CHOICES),
];

export function SubscriberList() {
  const small = useIsSmall();
  return (
    <List
      title="Suscriptoras del boletín"
      filters={subscriberFilters}
      actions={
        <TopToolbar>
          {/* The server neutralises cells a spreadsheet would run as formulas. */}
          <ExportCsvButton path={adminPaths.newsletterSubscribersCsv} />
        </TopToolbar>
      }
      perPage={25}
      empty={
        <EmptyState
          create={false}
          title="Aún no hay suscripciones"
          text="Aquí verás a quien se suscriba desde el pie de página o los formularios del sitio."
        />
      }
    >
      {small ? (
        <SimpleList<SubscriberItem>
          primaryText={(record) => record.email}
          secondaryText={(record) =>
            `${sourceLabel(record.source)} · desde ${clock.formatShort(record.since)}`
          }
          tertiaryText={(record) => <SubscriberStatusChip status={record.status} />}
          linkType={false}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="email" label="Correo" sortable={false} />
          <TextField source="fullName" label="Nombre" sortable={false} emptyText="—" />
          <FunctionField
            label="Estado"
            sortable={false}
            render={(record: SubscriberItem) => <SubscriberStatusChip status={record.status} />}
          />
          <FunctionField
            label="Desde"
            sortable={false}
            render={(record: SubscriberItem) => clock.formatShort(record.since)}
          />
          <FunctionField
            label="Origen"
            sortable={false}
            render={(record: SubscriberItem) => sourceLabel(record.source)}
          />
        </Datagrid>
      )}
    </List>
  );
}

// --- Campaigns -------------------------------------------------------------------------------------

const progressText = (campaign: Campaign) =>
  campaign.status === 'draft'
    ? '—'
    : `${campaign.sent} de ${campaign.total} enviados` +
      (campaign.failed ? ` · ${campaign.failed} fallidos` : '') +
      (campaign.uncertain ? ` · ${uncertainText(campaign.uncertain)}` : '');

export function CampaignList() {
  const small = useIsSmall();
  return (
    <List
      title="Boletines"
      perPage={25}
      // Only "Crear": react-admin's export would write the campaigns' HTML into a spreadsheet.
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      empty={
        <EmptyState
          title="Todavía no hay boletines"
          text="Escribe el primero: podrás verlo, enviarte una prueba y luego mandarlo a todas las suscriptoras activas."
        />
      }
    >
      {small ? (
        <SimpleList<Campaign>
          primaryText={(record) => record.subject}
          secondaryText={(record) => progressText(record)}
          tertiaryText={(record) => <CampaignStatusChip status={record.status} />}
          linkType="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="subject" label="Asunto" sortable={false} />
          <FunctionField
            label="Destinatarias"
            sortable={false}
            render={(record: Campaign) => (AUDIENCES[record.audience] ?? AUDIENCES.all).label}
          />
          <FunctionField
            label="Estado"
            sortable={false}
            render={(record: Campaign) => <CampaignStatusChip status={record.status} />}
          />
          <FunctionField
            label="Progreso"
            sortable={false}
            render={(record: Campaign) => progressText(record)}
          />
          <FunctionField
            label="Creado"
            sortable={false}
            render={(record: Campaign) => clock.formatShort(record.createdAt)}
          />
        </Datagrid>
      )}
    </List>
  );
}

const subjectValidate = [required(), maxLength(200)];

function CampaignForm({ locked = false }: { locked?: boolean }) {
  return (
    <SimpleForm sx={{ maxWidth: 880 }} toolbar={locked ? false : undefined}>
      <TextInput source="subject" label="Asunto" validate={subjectValidate} fullWidth disabled={locked} />
      <SelectInput
        source="audience"
        label="Destinatarias"
        choices={AUDIENCE_CHOICES}
        defaultValue="all"
        validate={required()}
        helperText="Solo reciben el boletín quienes confirmaron su suscripción."
        disabled={locked}
        sx={{ minWidth: { sm: 420 } }}
      />
      {locked ? null : (
        <Suspense
          fallback={<LinearProgress sx={{ width: '100%', my: 3 }} aria-label="Cargando el editor de texto" />}
        >
          <NewsTextInput source="html" />
        </Suspense>
      )}
    </SimpleForm>
  );
}

export const CampaignCreate = () => (
  <Create title="Nuevo boletín" redirect="edit">
    <CampaignForm />
  </Create>
);

function CampaignEditBody() {
  const record = useRecordContext<Campaign>();
  return (
    <>
      <CampaignForm locked={!!record && record.status !== 'draft'} />
      <CampaignSending />
    </>
  );
}

export const CampaignEdit = () => (
  <Edit title="Boletín" mutationMode="pessimistic" redirect={false} actions={false}>
    <CampaignEditBody />
  </Edit>
);
