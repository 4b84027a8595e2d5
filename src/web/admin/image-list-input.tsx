import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/FileUpload';
import {
  Box,
  Button,
  CircularProgress,
  FormHelperText,
  FormLabel,
  IconButton,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useInput, useNotify } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { TEXT_LIMITS } from '../../shared/constants.ts';
import type { ImageDescriptions } from '../../shared/images.ts';
import { uploadImage } from './admin-api.ts';
import { UploadProgressBar, useUploadProgress } from './upload-progress.tsx';

interface ImageListInputProps {
  source: string;
  label: string;
  helperText?: string;
  /** One image only (a partner's photo). */
  single?: boolean;
}

const ACCEPTED = 'image/jpeg,image/png,image/webp';
/** Where the form keeps every image's description, shared by an entry's image lists. */
const DESCRIPTIONS = 'imageDescriptions';

/**
 * The description of one image, kept in the form's `imageDescriptions` by the image's address. An image
 * without one is read as decorative by screen readers: the field says so, as a warning.
 */
function ImageDescriptionInput({ src, index, list }: { src: string; index: number; list: string }) {
  const { setValue } = useFormContext();
  const descriptions = (useWatch({ name: DESCRIPTIONS }) ?? {}) as ImageDescriptions;
  const value = descriptions[src] ?? '';
  const missing = !value.trim();
  return (
    <TextField
      size="small"
      multiline
      minRows={2}
      label="Descripción"
      value={value}
      onChange={(event) =>
        setValue(DESCRIPTIONS, { ...descriptions, [src]: event.target.value }, { shouldDirty: true })
      }
      slotProps={{
        htmlInput: {
          maxLength: TEXT_LIMITS.imageDescription,
          'aria-label': `Descripción de la imagen ${index + 1} de «${list}»`,
        },
        formHelperText: { sx: missing ? { color: 'warning.dark' } : undefined },
      }}
      helperText={
        missing ? 'Sin descripción: un lector de pantalla no dirá qué muestra.' : 'Lo que muestra la imagen.'
      }
      sx={{ mx: 0.75, mb: 1, width: 'calc(100% - 12px)' }}
    />
  );
}

/**
 * A list of image URLs: upload (converted by the server), reorder, remove, or paste an address; and
 * each image's description.
 */
export function ImageListInput({ source, label, helperText, single = false }: ImageListInputProps) {
  const { field, fieldState } = useInput<string[]>({ source, defaultValue: [] });
  const descriptionError = useFormContext().getFieldState(DESCRIPTIONS).error;
  const notify = useNotify();
  const [uploading, setUploading] = useState(0);
  const progress = useUploadProgress();
  const [address, setAddress] = useState('');
  const id = useId();
  const images: string[] = Array.isArray(field.value) ? field.value : [];
  const max = single ? 1 : TEXT_LIMITS.images;

  const set = (next: string[]) => field.onChange(next.slice(0, max));
  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    set(next);
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, max - (single ? 0 : images.length));
    event.target.value = '';
    let current = single ? [] : images;
    for (const file of files) {
      setUploading((n) => n + 1);
      try {
        const uploaded = await uploadImage(file, progress.track(file.name));
        current = [...current, uploaded.src];
        set(current);
      } catch (error) {
        notify(`«${file.name}»: ${error instanceof Error ? error.message : 'no se pudo subir'}`, {
          type: 'error',
        });
      } finally {
        setUploading((n) => n - 1);
      }
    }
    progress.done();
  };

  const addAddress = () => {
    const value = address.trim();
    if (!value) return;
    set(single ? [value] : [...images, value]);
    setAddress('');
  };

  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}
      aria-describedby={`${id}-help`}
    >
      <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600 }}>
        {label}
      </FormLabel>
      {images.length === 0 ? (
        <FormHelperText sx={{ mb: 1 }}>Sin imágenes todavía.</FormHelperText>
      ) : (
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mb: 1,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          }}
        >
          {images.map((src, index) => (
            <Box
              component="li"
              key={`${src}-${index}`}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                overflow: 'hidden',
                bgcolor: 'background.paper',
              }}
            >
              <Box
                component="img"
                src={src}
                alt={`Imagen ${index + 1}`}
                loading="lazy"
                sx={{
                  display: 'block',
                  width: '100%',
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                  bgcolor: 'grey.100',
                }}
              />
              <Stack direction="row" sx={{ px: 0.5, justifyContent: 'space-between', alignItems: 'center' }}>
                <IconButton
                  size="small"
                  aria-label={`Mover la imagen ${index + 1} antes`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowBackIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={`Quitar la imagen ${index + 1}`}
                  onClick={() => set(images.filter((_, i) => i !== index))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={`Mover la imagen ${index + 1} después`}
                  disabled={index === images.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowForwardIcon fontSize="small" />
                </IconButton>
              </Stack>
              <ImageDescriptionInput src={src} index={index} list={label} />
            </Box>
          ))}
        </Box>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Button
          component="label"
          variant="outlined"
          startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />}
          disabled={uploading > 0 || (!single && images.length >= max)}
        >
          {uploading ? 'Subiendo…' : single ? 'Subir foto' : 'Subir imágenes'}
          <input
            hidden
            type="file"
            name={`${source}-upload`}
            accept={ACCEPTED}
            multiple={!single}
            onChange={(event) => void onFiles(event)}
          />
        </Button>
        <TextField
          size="small"
          label="O pega una dirección (https:// o /…)"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addAddress();
            }
          }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Button onClick={addAddress} disabled={!address.trim()}>
          Agregar
        </Button>
      </Stack>
      <UploadProgressBar state={progress.state} />
      <FormHelperText id={`${id}-help`} error={Boolean(fieldState.error ?? descriptionError)}>
        {fieldState.error?.message ??
          descriptionError?.message ??
          helperText ??
          'JPEG, PNG o WebP de hasta 8 MB; se convierten a WebP en varios tamaños.'}
      </FormHelperText>
    </Box>
  );
}
