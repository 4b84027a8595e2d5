import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { Title, useGetList } from 'react-admin';
import { clock } from '../../shared/clock.ts';
import { type InboxItem } from './admin-api.ts';
import { EventsCard } from './dashboard-events.tsx';
import { newRequestsHref } from './dashboard-figures.ts';
import { MembersCard } from './dashboard-members.tsx';
import { NewsletterCard } from './dashboard-newsletter.tsx';
import { PrivacyCard, StaleRequestsCard } from './dashboard-privacy.tsx';
import { deliveryLabel, kindLabel } from './request-parts.tsx';

const LATEST = 5;

/**
 * The admin's first screen: what is waiting (new requests, deadlines), the next events with their
 * sign-ups, the newsletter and the members, each figure a link to the screen where it is acted on.
 * Each card makes one request of its own; the screens' tables and forms load when staff open them.
 */
export function Dashboard() {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mt: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          md: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        },
      }}
    >
      <Title title="Resumen" />
      <RequestsCard />
      <PrivacyCard />
      <EventsCard />
      <NewsletterCard />
      <MembersCard />
      <StaleRequestsCard />
      <PublishCard />
    </Box>
  );
}

/** The newest requests still `nueva`, with their mail's state. */
function RequestsCard() {
  const { data, total, isPending, error } = useGetList<InboxItem>('requests', {
    filter: { status: 'nueva' },
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: LATEST },
  });
  return (
    <Card
      component="section"
      aria-labelledby="resumen-nuevas"
      sx={{ minWidth: 0, gridColumn: { lg: 'span 2' } }}
    >
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
            <Link href={newRequestsHref} sx={{ fontWeight: 600 }}>
              {total === 1 ? '1 solicitud espera respuesta' : `${total} solicitudes esperan respuesta`}
            </Link>
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
  );
}

/** The ways to publish. */
function PublishCard() {
  return (
    <Card component="nav" aria-labelledby="resumen-publicar" sx={{ minWidth: 0 }}>
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
  );
}
