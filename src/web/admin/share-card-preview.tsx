import {
  Alert,
  Box,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import type { AdminShareCard } from '../../shared/share-card-schemas.ts';
import type { ShareCardKind, ShareCardMode } from '../../shared/share-cards.ts';
import { adminGet, adminPaths, adminSend } from './admin-api.ts';

/** How the networks show a shared link's picture: wide (1.91 : 1) in a post, square in a chat or a feed. */
const FRAMES = [
  { network: 'LinkedIn', shape: 'ancha', ratio: '1.91 / 1', width: 360 },
  { network: 'Facebook', shape: 'ancha', ratio: '1.91 / 1', width: 360 },
  { network: 'Facebook', shape: 'cuadrada', ratio: '1 / 1', width: 200 },
  { network: 'WhatsApp', shape: 'cuadrada', ratio: '1 / 1', width: 120 },
] as const;

const MODES: { value: ShareCardMode; label: string }[] = [
  { value: 'card', label: 'Tarjeta con la foto, el título y los datos' },
  { value: 'photo', label: 'Solo la foto, tal cual' },
];

/**
 * Below an event's or news item's edit form: its share card as LinkedIn, Facebook and WhatsApp show it
 * (wide and square, cropped from the middle as they crop it), and the choice between the composed card
 * and the photo as it is. Shows the entry as last saved.
 */
export function ShareCardPreview({ kind }: { kind: ShareCardKind }) {
  const record = useRecordContext<{ id: string; name?: string }>();
  const notify = useNotify();
  const [card, setCard] = useState<AdminShareCard>();
  const id = record?.id;

  useEffect(() => {
    if (!id) return;
    let current = true;
    adminGet<{ data: AdminShareCard }>(adminPaths.shareCard(kind, String(id))).then(
      (answer) => current && setCard(answer.data),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [kind, id, record]);
  if (!id || !card) return null;

  const choose = async (mode: ShareCardMode) => {
    const previous = card;
    // The choice shows at once; the pictures follow when the server has it.
    setCard({ ...card, mode });
    try {
      const answer = await adminSend<{ data: AdminShareCard }>(
        'PUT',
        adminPaths.shareCard(kind, String(id)),
        {
          mode,
        },
      );
      setCard(answer.data);
      notify('Se guardó lo que se comparte.', { type: 'success' });
    } catch (error) {
      setCard(previous);
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-labelledby="tarjeta-titulo">
      <CardContent>
        <Typography variant="h6" component="h2" id="tarjeta-titulo">
          Vista al compartir
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Así se ve el enlace de esta página en redes y mensajes (la última versión guardada).
        </Typography>
        {!card.public && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Aún no es pública: solo el equipo puede ver esta imagen hasta que se publique.
          </Alert>
        )}
        <FormControl sx={{ mb: 2 }}>
          <FormLabel id="tarjeta-modo">Qué imagen se comparte</FormLabel>
          <RadioGroup
            aria-labelledby="tarjeta-modo"
            value={card.mode}
            onChange={(event) => void choose(event.target.value as ShareCardMode)}
          >
            {MODES.map((mode) => (
              <FormControlLabel
                key={mode.value}
                value={mode.value}
                control={<Radio />}
                label={mode.label}
                disabled={mode.value === 'photo' && !card.hasPhoto && card.mode !== 'photo'}
              />
            ))}
          </RadioGroup>
          {!card.hasPhoto && (
            <Typography variant="body2" color="text.secondary">
              Sin foto propia, se comparte la tarjeta con los colores de la asociación.
            </Typography>
          )}
        </FormControl>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {FRAMES.map((frame) => (
            <Box
              component="figure"
              key={`${frame.network}-${frame.shape}`}
              sx={{ m: 0, width: '100%', maxWidth: frame.width }}
            >
              <Box
                sx={{
                  aspectRatio: frame.ratio,
                  overflow: 'hidden',
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <img
                  src={card.src}
                  alt={frame === FRAMES[0] ? card.alt : ''}
                  style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              </Box>
              <Typography component="figcaption" variant="caption" color="text.secondary">
                {frame.network}, {frame.shape}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
