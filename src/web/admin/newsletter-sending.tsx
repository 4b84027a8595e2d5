import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button as MuiButton, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { Campaign, CampaignAudience } from '../../shared/admin-schemas.ts';
import { adminGet, adminPaths, adminSend } from './admin-api.ts';
import { useStepUp } from './step-up.tsx';

// A campaign's audience, status and sending, for the campaign screens of newsletter.tsx.

/** Always among the subscribers who confirmed: being a member is no consent to the newsletter. */
export const AUDIENCES: Record<CampaignAudience, { label: string; recipients: string }> = {
  all: { label: 'Todas las suscriptoras activas', recipients: 'todas las suscriptoras activas' },
  'members-active': {
    label: 'Socias activas (suscritas al boletín)',
    recipients: 'las socias activas que confirmaron su suscripción al boletín',
  },
  'members-grace': {
    label: 'Socias en periodo de gracia (suscritas al boletín)',
    recipients: 'las socias en periodo de gracia que confirmaron su suscripción al boletín',
  },
};
export const AUDIENCE_CHOICES = Object.entries(AUDIENCES).map(([id, { label }]) => ({ id, name: label }));
const recipientsOf = (campaign: Campaign) => (AUDIENCES[campaign.audience] ?? AUDIENCES.all).recipients;

const CAMPAIGN_STATUS = {
  draft: { label: 'Borrador', color: 'default' },
  queuing: { label: 'Preparando el envío', color: 'warning' },
  sending: { label: 'Enviando', color: 'warning' },
  sent: { label: 'Enviado', color: 'success' },
} as const;

export function CampaignStatusChip({ status }: { status: Campaign['status'] }) {
  const info = CAMPAIGN_STATUS[status] ?? { label: status, color: 'default' as const };
  return <Chip size="small" variant="outlined" label={info.label} color={info.color} />;
}

// Decision 039: the mail server got each of these whole and did not get to confirm it.
export const uncertainText = (count: number) => (count === 1 ? '1 sin confirmar' : `${count} sin confirmar`);

/** The mail as a subscriber will see it (the server renders it), in a frame that runs nothing. */
function CampaignPreview({ id, version }: { id: string; version: string }) {
  const [preview, setPreview] = useState<{ subject: string; html: string } | undefined>();
  useEffect(() => {
    let live = true;
    void adminGet<{ data: { subject: string; html: string } }>(adminPaths.newsletterCampaignPreview(id)).then(
      ({ data }) => live && setPreview(data),
    );
    return () => {
      live = false;
    };
  }, [id, version]);
  if (!preview) return <LinearProgress aria-label="Cargando la vista previa" />;
  return (
    <Box>
      <Typography variant="subtitle2" component="p">
        Asunto: {preview.subject}
      </Typography>
      <Box
        component="iframe"
        title="Vista previa del correo"
        sandbox=""
        srcDoc={preview.html}
        sx={{
          width: '100%',
          height: 480,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
        }}
      />
    </Box>
  );
}

/** Send a test to oneself, send to everyone (after a confirmation), and follow the send as it goes. */
export function CampaignSending() {
  const record = useRecordContext<Campaign>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [confirmingResend, setConfirmingResend] = useState(false);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<Campaign | undefined>();
  const { run, dialog: stepUpDialog } = useStepUp();
  const campaign = live && live.id === record?.id ? live : record;
  const inProgress = campaign?.status === 'queuing' || campaign?.status === 'sending';

  // While sending, the campaign is read again every two seconds.
  useEffect(() => {
    if (!campaign || !inProgress) return;
    const timer = setInterval(() => {
      void adminGet<{ data: Campaign }>(adminPaths.newsletterCampaign(campaign.id)).then(({ data }) => {
        setLive(data);
        if (data.status === 'sent') refresh();
      });
    }, 2000);
    return () => clearInterval(timer);
  }, [campaign?.id, inProgress, refresh]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!campaign) return null;

  const sendTest = async () => {
    setBusy(true);
    try {
      const { data } = await adminSend<{ data: { to: string } }>(
        'POST',
        adminPaths.newsletterCampaignTest(campaign.id),
      );
      notify(`Enviamos una prueba a ${data.to}.`, { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      // It cannot be undone: the password is asked again (unless given in the last five minutes).
      const answer = await run(`Enviar «${campaign.subject}» a ${recipientsOf(campaign)}`, () =>
        adminSend<{ data: Campaign }>('POST', adminPaths.newsletterCampaignSend(campaign.id)),
      );
      if (answer === undefined) return;
      setLive(answer.data);
      notify('El boletín se está enviando.', { type: 'info' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setConfirmingResend(false);
    setBusy(true);
    try {
      const { data } = await adminSend<{ data: Campaign }>(
        'POST',
        adminPaths.newsletterCampaignResend(campaign.id),
      );
      setLive(data);
      notify('Se reenvían los correos sin confirmar.', { type: 'info' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const done = campaign.sent + campaign.failed + campaign.cancelled + campaign.uncertain;
  const percent = campaign.total ? Math.round((100 * done) / campaign.total) : 0;

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 880 }} component="section" aria-labelledby="campaign-sending">
      <Typography id="campaign-sending" variant="h6" component="h2">
        Vista previa y envío
      </Typography>
      <CampaignPreview id={String(campaign.id)} version={`${campaign.subject}\n${campaign.html}`} />
      {campaign.status === 'draft' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <MuiButton variant="outlined" onClick={sendTest} disabled={busy}>
            Enviar prueba
          </MuiButton>
          <MuiButton
            variant="contained"
            startIcon={<SendIcon />}
            onClick={() => setConfirming(true)}
            disabled={busy}
          >
            Enviar
          </MuiButton>
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
            Guarda los cambios antes de enviar: se envía lo guardado. Para enviar te pediremos tu contraseña.
          </Typography>
        </Stack>
      ) : (
        <Box role="status" aria-live="polite">
          <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
            <CampaignStatusChip status={campaign.status} />
            <Typography variant="body2" data-testid="campaign-progress">
              {campaign.status === 'queuing'
                ? 'Preparando la lista de envío…'
                : `${campaign.sent} de ${campaign.total} enviados`}
              {campaign.failed ? ` · ${campaign.failed} fallidos` : ''}
              {campaign.cancelled ? ` · ${campaign.cancelled} cancelados (bajas durante el envío)` : ''}
              {campaign.uncertain ? ` · ${uncertainText(campaign.uncertain)}` : ''}
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={`Progreso del envío: ${percent} %`}
          />
          {campaign.status === 'sent' ? (
            <Alert severity="success" sx={{ mt: 2 }}>
              Envío terminado.
            </Alert>
          ) : null}
          {campaign.uncertain ? (
            <Alert
              severity="warning"
              sx={{ mt: 2 }}
              action={
                <MuiButton
                  color="inherit"
                  size="small"
                  onClick={() => setConfirmingResend(true)}
                  disabled={busy}
                >
                  Reenviar
                </MuiButton>
              }
            >
              {campaign.uncertain === 1
                ? '1 correo sin confirmar: el servidor de correo lo recibió completo, pero el envío se interrumpió antes de que confirmara la entrega. Casi siempre se entrega, así que no se reenvió solo.'
                : `${campaign.uncertain} correos sin confirmar: el servidor de correo los recibió completos, pero el envío se interrumpió antes de que confirmara la entrega. Casi siempre se entregan, así que no se reenviaron solos.`}
            </Alert>
          ) : null}
        </Box>
      )}
      <Confirm
        isOpen={confirming}
        title="¿Enviar el boletín?"
        content={`Se enviará «${campaign.subject}» a ${recipientsOf(campaign)}. No se puede deshacer: por seguridad, te pediremos tu contraseña si no la escribiste en los últimos 5 minutos.`}
        confirm="Enviar"
        cancel="Cancelar"
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
      <Confirm
        isOpen={confirmingResend}
        title="¿Reenviar los correos sin confirmar?"
        content={`Se reenviarán ${campaign.uncertain} correos a las suscriptoras que siguen activas. Casi todas ya lo recibieron y lo recibirán otra vez (como el mismo mensaje, que muchos programas de correo muestran una sola vez): conviene reenviar solo si alguien avisa que no le llegó.`}
        confirm="Reenviar"
        cancel="Cancelar"
        onConfirm={resend}
        onClose={() => setConfirmingResend(false)}
      />
      {stepUpDialog}
    </Stack>
  );
}
