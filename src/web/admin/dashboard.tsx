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
import { Title, useGetList } from 'react-admin';
import { clock } from '../../shared/clock.ts';
import type { InboxItem } from './admin-api.ts';
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
