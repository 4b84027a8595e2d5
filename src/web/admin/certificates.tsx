import DownloadIcon from '@mui/icons-material/Download';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Stack,
  Switch,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify, useRecordContext } from 'react-admin';
import { Link, useParams } from 'react-router';
import {
  certificateApiPaths,
  certificateLinks,
  type CertificateSettings,
  type EventCertificates,
  type SurveyResults,
} from '../../shared/certificates.ts';
import { clock } from '../../shared/clock.ts';
import { adminGet, adminSend, fieldErrors } from './admin-api.ts';
import { SmallTable } from './small-table.tsx';

/** The screen's address for an event. */
export const certificatesScreenPath = (eventId: string) =>
  `/eventos/${encodeURIComponent(eventId)}/constancias`;

/** The button on an event's edit screen that opens its certificates and survey. */
export function CertificatesLink() {
  const record = useRecordContext<{ id: string }>();
  if (!record?.id) return null;
  return (
    <Button
      component={Link}
      to={certificatesScreenPath(String(record.id))}
      startIcon={<WorkspacePremiumIcon />}
      sx={{ mt: 2 }}
    >
      Constancias y encuesta
    </Button>
  );
}

const EMPTY: CertificateSettings = { enabled: false, hours: 1, text: '', signers: [] };
const CERTIFICATE_COLUMNS = ['Folio', 'Nombre', 'Emitida', 'Estado', ''];

/** Settings: whether the event issues certificates, its hours, a line of text and up to three signers. */
function SettingsCard({
  eventId,
  saved,
  onSaved,
}: {
  eventId: string;
  saved: CertificateSettings | null;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const [settings, setSettings] = useState<CertificateSettings>(saved ?? EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<CertificateSettings>) => setSettings((current) => ({ ...current, ...change }));
  const setSigner = (index: number, change: Partial<{ name: string; role: string }>) =>
    set({
      signers: settings.signers.map((signer, at) => (at === index ? { ...signer, ...change } : signer)),
    });
  const save = async () => {
    try {
      await adminSend('PUT', certificateApiPaths.settings(eventId), { data: settings });
      setErrors({});
      notify('Configuración guardada', { type: 'success' });
      onSaved();
    } catch (error) {
      setErrors(fieldErrors(error));
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="constancias-ajustes">
      <CardContent>
        <Typography variant="h6" component="h2" id="constancias-ajustes" sx={{ mb: 1 }}>
          Constancia de participación
        </Typography>
        <Stack spacing={2}>
          <FormControlLabel
            control={
              <Switch checked={settings.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
            }
            label="Emitir constancias a quienes asistieron"
          />
          <TextField
            label="Horas"
            type="number"
            value={settings.hours}
            onChange={(e) => set({ hours: Number(e.target.value) })}
            error={Boolean(errors.hours)}
            helperText={errors.hours ?? 'La duración que declara la constancia.'}
            slotProps={{ htmlInput: { min: 1, max: 500, step: 1 } }}
            sx={{ maxWidth: 200 }}
          />
          <TextField
            label="Texto adicional (opcional)"
            value={settings.text}
            onChange={(e) => set({ text: e.target.value })}
            error={Boolean(errors.text)}
            helperText={errors.text ?? 'Una línea bajo el nombre del evento; por ejemplo, la modalidad.'}
            multiline
            minRows={2}
          />
          <Typography component="h3" variant="subtitle1">
            Firmantes
          </Typography>
          {settings.signers.map((signer, index) => (
            <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                size="small"
                label={`Nombre de quien firma (${index + 1})`}
                value={signer.name}
                onChange={(e) => setSigner(index, { name: e.target.value })}
                error={Boolean(errors[`signers.${index}.name`])}
                helperText={errors[`signers.${index}.name`]}
              />
              <TextField
                size="small"
                label={`Cargo (${index + 1})`}
                value={signer.role}
                onChange={(e) => setSigner(index, { role: e.target.value })}
                error={Boolean(errors[`signers.${index}.role`])}
                helperText={errors[`signers.${index}.role`]}
              />
              <Button
                color="error"
                onClick={() => set({ signers: settings.signers.filter((_, at) => at !== index) })}
              >
                Quitar
              </Button>
            </Stack>
          ))}
          {settings.signers.length < 3 ? (
            <Box>
              <Button onClick={() => set({ signers: [...settings.signers, { name: '', role: '' }] })}>
                Agregar firmante
              </Button>
            </Box>
          ) : null}
          <Box>
            <Button variant="contained" onClick={() => void save()}>
              Guardar
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The certificates issued, each with its verification page and a revocation with its reason. */
function CertificateList({ answer, onChange }: { answer: EventCertificates; onChange: () => void }) {
  const notify = useNotify();
  const [revoking, setRevoking] = useState<string>();
  const [reason, setReason] = useState('');
  const revoke = async (folio: string) => {
    try {
      await adminSend('POST', certificateApiPaths.revoke(folio), { data: { reason } });
      notify('Constancia revocada', { type: 'success' });
      setRevoking(undefined);
      setReason('');
      onChange();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  if (answer.certificates.length === 0) {
    return <Alert severity="info">Todavía no se ha emitido ninguna constancia.</Alert>;
  }
  return (
    <SmallTable label="Constancias emitidas" columns={CERTIFICATE_COLUMNS}>
      {answer.certificates.map((row) => (
        <TableRow key={row.folio}>
          <TableCell>
            <a href={certificateLinks.verify(row.folio)} target="_blank" rel="noopener noreferrer">
              {row.folio}
            </a>
          </TableCell>
          <TableCell>{row.fullName}</TableCell>
          <TableCell>{clock.formatShort(row.issuedAt)}</TableCell>
          <TableCell>{row.revokedAt ? `Revocada: ${row.revokedReason ?? ''}` : 'Vigente'}</TableCell>
          <TableCell>
            {row.revokedAt ? null : revoking === row.folio ? (
              <Stack direction="row" spacing={1}>
                <TextField
                  size="small"
                  label="Motivo"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
                <Button color="error" disabled={!reason.trim()} onClick={() => void revoke(row.folio)}>
                  Confirmar
                </Button>
                <Button onClick={() => setRevoking(undefined)}>Cancelar</Button>
              </Stack>
            ) : (
              <Button size="small" color="error" onClick={() => setRevoking(row.folio)}>
                Revocar
              </Button>
            )}
          </TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

/** The survey's results: how many answered, the averages, the comments, and the CSV. */
function SurveyCard({ eventId, results }: { eventId: string; results: SurveyResults }) {
  const average = (value: number | null) => (value === null ? '—' : value.toLocaleString('es-MX'));
  return (
    <Card variant="outlined" component="section" aria-labelledby="encuesta-resultados">
      <CardContent>
        <Typography variant="h6" component="h2" id="encuesta-resultados" sx={{ mb: 1 }}>
          Encuesta
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Respuestas: {results.responses} · Calificación promedio (1 a 5): {average(results.averageRating)} ·
          ¿La recomendarían? (0 a 10): {average(results.averageRecommend)}
        </Typography>
        {results.comments.length > 0 ? (
          <Stack component="ul" spacing={1} sx={{ pl: 2, mb: 2 }}>
            {results.comments.map((comment, index) => (
              <li key={index}>
                <Typography>
                  «{comment.comment}»{comment.name ? ` — ${comment.name}` : ''}
                </Typography>
              </li>
            ))}
          </Stack>
        ) : (
          <Alert severity="info" sx={{ mb: 2 }}>
            Sin comentarios todavía.
          </Alert>
        )}
        <Button startIcon={<DownloadIcon />} href={certificateApiPaths.resultsCsv(eventId)} download>
          Exportar CSV
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * An event's certificates and survey: the settings, sending the mail now (each checked-in person gets
 * one, once; otherwise it goes two hours after the start), the certificates with their revocation, and
 * the survey's results.
 */
export function CertificatesPage() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const [answer, setAnswer] = useState<EventCertificates>();
  const [results, setResults] = useState<SurveyResults>();
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  useEffect(() => {
    let current = true;
    Promise.all([
      adminGet<{ data: EventCertificates }>(certificateApiPaths.list(id)),
      adminGet<{ data: SurveyResults }>(certificateApiPaths.results(id)),
    ]).then(
      ([list, survey]) => {
        if (!current) return;
        setAnswer(list.data);
        setResults(survey.data);
      },
      (error: Error) => notify(error.message, { type: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [id, version, notify]);
  if (!answer || !results) return null;

  const send = async () => {
    try {
      const sent = await adminSend<{ data: { queued: number } }>('POST', certificateApiPaths.send(id));
      notify(
        sent.data.queued > 0
          ? `Correos en camino: ${sent.data.queued}`
          : 'No hay correos pendientes de enviar',
        { type: 'success' },
      );
      reload();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <Stack spacing={3} sx={{ my: 2 }}>
      <Title title={`Constancias y encuesta: ${answer.eventName}`} />
      <Typography variant="h5" component="h1">
        Constancias y encuesta: {answer.eventName}
      </Typography>
      <SettingsCard
        key={version === 0 ? 'first' : 'saved'}
        eventId={id}
        saved={answer.settings}
        onSaved={reload}
      />
      <Card variant="outlined" component="section" aria-labelledby="constancias-envio">
        <CardContent>
          <Typography variant="h6" component="h2" id="constancias-envio" sx={{ mb: 1 }}>
            Envío
          </Typography>
          <Typography sx={{ mb: 2 }}>
            Asistieron: {answer.checkedIn} · Correos enviados: {answer.mailed}. Cada persona que asistió
            recibe un solo correo, dos horas después del inicio del evento, con su constancia (si está
            activada) y la encuesta; quien no asistió no recibe nada.
          </Typography>
          <Button variant="contained" onClick={() => void send()} sx={{ mb: 2 }}>
            Enviar ahora
          </Button>
          <CertificateList answer={answer} onChange={reload} />
        </CardContent>
      </Card>
      <SurveyCard eventId={id} results={results} />
    </Stack>
  );
}
