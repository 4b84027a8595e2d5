import { Button, Link, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { ARCO_RIGHT_LABELS } from '../../shared/arco.ts';
import type { RequestsSummary } from '../../shared/admin-schemas.ts';
import type { ArcoItem, PrivacySummary } from '../../shared/privacy-schemas.ts';
import { adminPaths } from './admin-api.ts';
import { oldestRequestsHref } from './dashboard-figures.ts';
import { SummaryCard, useSummary } from './dashboard-parts.tsx';

/** "Vencida hace 2 días hábiles", "Vence hoy", "Faltan 3 días hábiles". */
function dueLabel(item: ArcoItem) {
  const left = item.businessDaysLeft ?? 0;
  if (left === 0) return 'vence hoy';
  if (left < 0) return `vencida hace ${-left} ${-left === 1 ? 'día hábil' : 'días hábiles'}`;
  return `faltan ${left} ${left === 1 ? 'día hábil' : 'días hábiles'}`;
}

/** The privacy deadlines: ARCO requests overdue (red) and due within five business days (amber). */
export function PrivacyCard() {
  const summary = useSummary<PrivacySummary>(adminPaths.privacySummary);
  return (
    <SummaryCard
      id="resumen-arco"
      title="Derechos ARCO y plazos"
      what="los plazos"
      summary={summary}
      actions={
        <>
          <Button href="#/arco">Abrir Derechos ARCO</Button>
          <Button href="#/privacidad">Datos de una persona</Button>
        </>
      }
    >
      {(data) => {
        const urgent = [...data.overdue, ...data.dueSoon];
        return urgent.length === 0 ? (
          <Typography color="text.secondary">Ninguna solicitud ARCO vencida ni por vencer.</Typography>
        ) : (
          <List dense aria-label="Solicitudes ARCO vencidas o por vencer">
            {urgent.map((item) => (
              <ListItem key={item.id} disablePadding>
                <ListItemButton component="a" href={`#/arco/${item.id}/show`}>
                  <ListItemText
                    primary={`${item.folio} · ${ARCO_RIGHT_LABELS[item.right]}`}
                    secondary={dueLabel(item)}
                    slotProps={{
                      secondary: {
                        sx: {
                          color: (item.businessDaysLeft ?? 0) < 0 ? 'error.main' : 'warning.dark',
                          fontWeight: 600,
                        },
                      },
                    }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        );
      }}
    </SummaryCard>
  );
}

/** Contact and membership requests nobody has handled for 30 days. */
export function StaleRequestsCard() {
  const summary = useSummary<RequestsSummary>(adminPaths.requestsSummary);
  return (
    <SummaryCard id="resumen-sin-atender" title="Sin atender" what="las solicitudes" summary={summary}>
      {({ staleRequests }) =>
        staleRequests === 0 ? (
          <Typography color="text.secondary">Ninguna solicitud lleva más de 30 días sin atender.</Typography>
        ) : (
          <Typography>
            <Link href={oldestRequestsHref} sx={{ fontWeight: 600 }}>
              {staleRequests === 1
                ? '1 solicitud lleva más de 30 días sin atender'
                : `${staleRequests} solicitudes llevan más de 30 días sin atender`}
            </Link>{' '}
            (en la bandeja, las más antiguas primero).
          </Typography>
        )
      }
    </SummaryCard>
  );
}
