import SettingsIcon from '@mui/icons-material/Settings';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Box, Chip, Button as MuiButton, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  SimpleList,
  TextField,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router';
import type { MemberListItem, MembersSummary } from '../../shared/member-schemas.ts';
import { memberApiPaths } from '../../shared/member-paths.ts';
import { MEMBER_STATUSES, MEMBER_STATUS_LABELS, PLAN_SLUGS, longDay } from '../../shared/members.ts';
import { adminGet } from './admin-api.ts';
import { ExportCsvButton, choiceFilter, searchFilter } from './list-filters.tsx';
import { EmptyState, useIsSmall } from './list-layout.tsx';
import { memberQuery } from './members-query.ts';

/** The plans as staff read them in lists and filters. */
export const PLAN_LABELS: Record<(typeof PLAN_SLUGS)[number], string> = {
  individual: 'Individual',
  'corporativa-2': 'Corporativa (2)',
  'corporativa-4': 'Corporativa (4)',
  'corporativa-10': 'Corporativa (10)',
  estudiantil: 'Estudiantil',
};
export const PLAN_CHOICES = PLAN_SLUGS.map((slug) => ({ id: slug, name: PLAN_LABELS[slug] }));
const STATUS_CHOICES = MEMBER_STATUSES.map((status) => ({ id: status, name: MEMBER_STATUS_LABELS[status] }));

const STATUS_COLORS: Record<string, 'primary' | 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  en_revision: 'info',
  por_pagar: 'warning',
  activa: 'success',
  en_gracia: 'warning',
  vencida: 'error',
  rechazada: 'default',
  baja: 'default',
};

export function MemberStatusChip({ status }: { status: string }) {
  const label = MEMBER_STATUS_LABELS[status as keyof typeof MEMBER_STATUS_LABELS] ?? status;
  return <Chip size="small" label={label} color={STATUS_COLORS[status] ?? 'default'} variant="outlined" />;
}

/** "14 de enero de 2027", or a dash. */
export const dayText = (day: string | null | undefined) => (day ? longDay(day) : '—');

const filters = [
  searchFilter('Nombre, correo o número'),
  choiceFilter('status', 'Estado', STATUS_CHOICES),
  choiceFilter('plan', 'Plan', PLAN_CHOICES),
  <BooleanInput key="ending" source="ending" label="Vence en 30 días" alwaysOn />,
];

const ListActions = () => (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <ExportCsvButton path={memberApiPaths.csv} query={memberQuery} />
    <MuiButton size="small" component={Link} to="/members-tools" startIcon={<UploadIcon />}>
      Importar y estado de cuenta
    </MuiButton>
    <MuiButton size="small" component={Link} to="/members-settings" startIcon={<SettingsIcon />}>
      Planes y banco
    </MuiButton>
  </TopToolbar>
);

const SUMMARY: { key: keyof MembersSummary; label: string }[] = [
  { key: 'active', label: 'Activas' },
  { key: 'endingIn30Days', label: 'Vencen en 30 días' },
  { key: 'inGrace', label: 'En gracia' },
  { key: 'applications', label: 'Solicitudes en revisión' },
];

/** The four figures staff look at first. */
export function MembersSummaryCard() {
  const [summary, setSummary] = useState<MembersSummary | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    adminGet<{ data: MembersSummary }>(memberApiPaths.summary).then(
      (answer) => setSummary(answer.data),
      () => setFailed(true),
    );
  }, []);
  return (
    <Paper component="section" aria-label="Resumen de socias" sx={{ p: 2, mt: 2 }} variant="outlined">
      {failed ? (
        <Typography color="error">No se pudo cargar el resumen.</Typography>
      ) : (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}
        >
          {SUMMARY.map(({ key, label }) => (
            <Box key={key}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="h5" sx={{ m: 0 }}>
                {summary ? summary[key] : '…'}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

export function MemberList() {
  const small = useIsSmall();
  return (
    <>
      <MembersSummaryCard />
      <List
        title="Socias"
        filters={filters}
        actions={<ListActions />}
        perPage={25}
        empty={
          <EmptyState
            create={false}
            title="Aún no hay socias ni solicitudes"
            text="Las solicitudes de membresía llegan aquí; también puedes importar a tus socias desde un CSV."
          />
        }
      >
        {small ? (
          <SimpleList<MemberListItem>
            primaryText={(record) => record.fullName}
            secondaryText={(record) =>
              `${PLAN_LABELS[record.plan]} · ${record.periodEnd ? `hasta ${dayText(record.periodEnd)}` : record.email}`
            }
            tertiaryText={(record) => <MemberStatusChip status={record.status} />}
            linkType="show"
          />
        ) : (
          <Datagrid rowClick="show" bulkActionButtons={false}>
            <FunctionField
              label="Núm."
              sortable={false}
              render={(record: RaRecord) => (record.number === null ? '—' : record.number)}
            />
            <TextField source="fullName" label="Nombre" sortable={false} />
            <TextField source="email" label="Correo" sortable={false} />
            <FunctionField
              label="Plan"
              sortable={false}
              render={(record: RaRecord) => PLAN_LABELS[record.plan as MemberListItem['plan']] ?? record.plan}
            />
            <FunctionField
              label="Estado"
              sortable={false}
              render={(record: RaRecord) => <MemberStatusChip status={record.status} />}
            />
            <FunctionField
              label="Periodo hasta"
              sortable={false}
              render={(record: RaRecord) => dayText(record.periodEnd)}
            />
          </Datagrid>
        )}
      </List>
    </>
  );
}
