import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/FileUpload';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  Chip,
  CircularProgress,
  IconButton,
  Typography,
} from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import {
  BooleanInput,
  Confirm,
  List,
  TopToolbar,
  useDelete,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import { uploadImage, type UploadedImage } from './admin-api.ts';
import { UploadProgressBar, useUploadProgress } from './upload-progress.tsx';
import { EmptyState } from './list-layout.tsx';
import { clock } from '../../shared/clock.ts';

function UploadButton({ align = 'flex-end' }: { align?: 'flex-end' | 'center' }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const progress = useUploadProgress();
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setBusy(true);
    for (const file of files) {
      try {
        await uploadImage(file, progress.track(file.name));
        notify(`«${file.name}» subida`, { type: 'success' });
      } catch (error) {
        notify(`«${file.name}»: ${error instanceof Error ? error.message : 'no se pudo subir'}`, {
          type: 'error',
        });
      }
    }
    progress.done();
    setBusy(false);
    refresh();
  };
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: align,
        minWidth: 0,
        maxWidth: 360,
        mx: align === 'center' ? 'auto' : 0,
      }}
    >
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
      <UploadProgressBar state={progress.state} />
    </Box>
  );
}

/** Deletes an image nothing shows, after the admin confirms it. */
function DeleteUnused({ image }: { image: UploadedImage }) {
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  const notify = useNotify();
  const refresh = useRefresh();
  const name = image.originalName ?? 'la imagen';
  const confirm = () =>
    deleteOne(
      'uploads',
      { id: image.id, previousData: image },
      {
        onSuccess: () => {
          setOpen(false);
          notify(`«${name}» eliminada`, { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          notify(error instanceof Error ? error.message : 'No se pudo eliminar', { type: 'error' });
        },
      },
    );
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Eliminar ${name}`}
        onClick={() => setOpen(true)}
        sx={{ ml: 'auto' }}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="¿Eliminar esta imagen?"
        content={`«${name}» no aparece en ningún evento, noticia ni socia. Se borrará del sitio con todos sus tamaños; esto no se puede deshacer.`}
        confirm="Eliminar"
        cancel="Cancelar"
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
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
              {image.width}×{image.height} · {clock.formatShort(image.createdAt)}
            </Typography>
            <Box sx={{ mt: 0.5 }}>
              {image.used ? (
                <Chip size="small" color="success" variant="outlined" label="En uso" />
              ) : (
                <Chip size="small" variant="outlined" label="Sin usar" />
              )}
            </Box>
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
            {image.used === false && <DeleteUnused image={image} />}
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
    filters={[<BooleanInput key="unused" source="unused" label="Solo las que no se usan" alwaysOn />]}
    empty={
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <EmptyState
          create={false}
          title="Aún no hay imágenes subidas"
          text="Sube fotos aquí o desde el formulario de un evento, noticia o socia."
        />
        <UploadButton align="center" />
      </Box>
    }
  >
    <Gallery />
  </List>
);
