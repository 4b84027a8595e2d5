import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useGetList } from 'react-admin';
import { ARCO_RIGHT_LABELS } from '../../shared/arco.ts';
import { clock } from '../../shared/clock.ts';
import type { RequestsSummary } from '../../shared/admin-schemas.ts';
import type { ArcoItem, PrivacySummary } from '../../shared/privacy-schemas.ts';
import { adminGet, adminPaths, type InboxItem } from './admin-api.ts';
import { deliveryLabel, kindLabel } from './request-parts.tsx';

const LATEST = 5;

/**
 * The admin's first screen: what is waiting (new requests, with their mail's state) and the way to
 * each task. It is light on purpose: the inbox's table, filters and forms load when staff open them.
 */
export function Dashboard() {
  const { data, total, isPending, error } = useGetList<InboxItem>('requests', {
    filter: { status: 'nueva' },
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: LATEST },
  });

  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
      <Title title="Resumen" />
      <Card component="section" aria-labelledby="resumen-nuevas">
        <CardContent>
          <Typography id="resumen-nuevas" variant="h6" component="h2" gutterBottom>
            Solicitudes nuevas
          </Typography>
          {isPending ? (
            <CircularProgress size={24} aria-label="Cargando solicitudes" />
          ) : error ? (
            <Typography color="error">No se pudieron cargar las solicitudes. Intenta de nuevo.</Typography>
          ) : total === 0 ? (
            <Typography color="text.secondary">No hay solicitudes nuevas por atender.</Typography>
          ) : (
            <>
              <Typography color="text.secondary">
                {total === 1 ? '1 solicitud espera respuesta.' : `${total} solicitudes esperan respuesta.`}
              </Typography>
              <List dense aria-label="Últimas solicitudes nuevas">
                {data?.map((request) => (
                  <ListItem key={request.id} disablePadding>
                    <ListItemButton component="a" href={`#/requests/${request.id}/show`}>
                      <ListItemText
                        primary={request.fullName}
                        secondary={`${kindLabel(request.kind)} · ${clock.formatShort(request.createdAt)} · Correo: ${deliveryLabel(request.delivery.state).toLowerCase()}`}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </CardContent>
        <CardActions>
          <Button href="#/requests">Abrir la bandeja</Button>
        </CardActions>
      </Card>
      <PrivacyCard />
      <Card component="nav" aria-labelledby="resumen-publicar">
        <CardContent>
          <Typography id="resumen-publicar" variant="h6" component="h2" gutterBottom>
            Publicar
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
            <Button href="#/events/create">Nuevo evento</Button>
            <Button href="#/news/create">Nueva noticia</Button>
            <Button href="#/partners/create">Nueva socia</Button>
            <Button href="#/uploads">Imágenes</Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

/** "Vencida hace 2 días hábiles", "Vence hoy", "Faltan 3 días hábiles". */
function dueLabel(item: ArcoItem) {
  const left = item.businessDaysLeft ?? 0;
  if (left === 0) return 'vence hoy';
  if (left < 0) return `vencida hace ${-left} ${-left === 1 ? 'día hábil' : 'días hábiles'}`;
  return `faltan ${left} ${left === 1 ? 'día hábil' : 'días hábiles'}`;
}

/**
 * The privacy deadlines: ARCO requests overdue (red) and due within five business days (amber), and
 * the contact requests nobody has handled for 30 days.
 */
function PrivacyCard() {
  const [summary, setSummary] = useState<(PrivacySummary & RequestsSummary) | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    Promise.all([
      adminGet<{ data: PrivacySummary }>(adminPaths.privacySummary),
      adminGet<{ data: RequestsSummary }>(adminPaths.requestsSummary),
    ])
      .then(([privacy, requests]) => setSummary({ ...privacy.data, ...requests.data }))
      .catch(() => setFailed(true));
  }, []);
  const urgent = summary ? [...summary.overdue, ...summary.dueSoon] : [];
  return (
    <Card component="section" aria-labelledby="resumen-arco">
      <CardContent>
        <Typography id="resumen-arco" variant="h6" component="h2" gutterBottom>
          Derechos ARCO y plazos
        </Typography>
        {failed ? (
          <Typography color="error">No se pudieron cargar los plazos. Intenta de nuevo.</Typography>
        ) : !summary ? (
          <CircularProgress size={24} aria-label="Cargando plazos" />
        ) : (
          <>
            {urgent.length === 0 ? (
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
            )}
            {summary.staleRequests > 0 ? (
              <Typography sx={{ mt: 1 }}>
                {summary.staleRequests === 1
                  ? '1 solicitud lleva más de 30 días sin atender.'
                  : `${summary.staleRequests} solicitudes llevan más de 30 días sin atender.`}
              </Typography>
            ) : null}
          </>
        )}
      </CardContent>
      <CardActions>
        <Button href="#/arco">Abrir Derechos ARCO</Button>
        <Button href="#/privacidad">Datos de una persona</Button>
      </CardActions>
    </Card>
  );
}
