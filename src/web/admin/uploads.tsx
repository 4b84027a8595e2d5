import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import UploadIcon from '@mui/icons-material/FileUpload';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  CircularProgress,
  IconButton,
  Typography,
} from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { List, TopToolbar, useListContext, useNotify, useRefresh } from 'react-admin';
import { uploadImage, type UploadedImage } from './admin-api.ts';
import { EmptyState } from './list-layout.tsx';
import { formatMexicoTime } from './mexico-time.ts';

function UploadButton() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setBusy(true);
    for (const file of files) {
      try {
        await uploadImage(file);
        notify(`«${file.name}» subida`, { type: 'success' });
      } catch (error) {
        notify(`«${file.name}»: ${error instanceof Error ? error.message : 'no se pudo subir'}`, {
          type: 'error',
        });
      }
    }
    setBusy(false);
    refresh();
  };
  return (
    <Button
      component="label"
      size="small"
      startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />}
      disabled={busy}
    >
      {busy ? 'Subiendo…' : 'Subir imágenes'}
      <input
        hidden
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        onChange={(event) => void onChange(event)}
      />
    </Button>
  );
}

function Gallery() {
  const { data, isPending } = useListContext<UploadedImage>();
  const notify = useNotify();
  if (isPending || !data) return null;
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify('Dirección copiada', { type: 'info' });
    } catch {
      notify(url, { type: 'info' });
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
      {data.map((image) => (
        <Card key={image.id} variant="outlined">
          <CardMedia
            component="img"
            image={image.src}
            alt={image.originalName ?? ''}
            sx={{ aspectRatio: '4 / 3', objectFit: 'cover' }}
          />
          <CardContent sx={{ pb: 0 }}>
            <Typography variant="body2" noWrap title={image.originalName}>
              {image.originalName}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {image.width}×{image.height} · {formatMexicoTime(image.createdAt)}
            </Typography>
          </CardContent>
          <CardActions>
            <IconButton
              size="small"
              aria-label={`Copiar la dirección de ${image.originalName ?? 'la imagen'}`}
              onClick={() => void copy(image.src)}
            >
              <ContentCopyIcon fontSize="small" />
            </IconButton>
            <Typography variant="caption" color="text.secondary">
              {image.srcset.map((entry) => entry.width).join(' · ')} px
            </Typography>
          </CardActions>
        </Card>
      ))}
    </Box>
  );
}

export const UploadList = () => (
  <List
    title="Imágenes"
    actions={
      <TopToolbar>
        <UploadButton />
      </TopToolbar>
    }
    pagination={false}
    exporter={false}
    empty={
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <EmptyState
          create={false}
          title="Aún no hay imágenes subidas"
          text="Sube fotos aquí o desde el formulario de un evento, noticia o socia."
        />
        <UploadButton />
      </Box>
    }
  >
    <Gallery />
  </List>
);
