import { Box, Button, Chip, Link, Typography } from '@mui/material';
import type { NewsletterSummary } from '../../shared/admin-schemas.ts';
import { clock } from '../../shared/clock.ts';
import {
  CAMPAIGN_STATE_LABELS,
  campaignFigures,
  campaignHref,
  newsletterFigures,
} from './dashboard-figures.ts';
import { FigureList, SummaryCard, useSummary } from './dashboard-parts.tsx';

/**
 * The newsletter's summary (NewsletterSummarySchema). Its route joins the shared table of paths when the
 * server answers it; until then the card says it is not available (a 404).
 */
const NEWSLETTER_SUMMARY = '/api/admin/newsletter/summary';

/** The last campaign sent or being sent: its subject, its state and its counts. */
function LastCampaign({ campaign }: { campaign: NonNullable<NewsletterSummary['lastCampaign']> }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle2" color="text.secondary">
        Último boletín
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, my: 0.5 }}>
        <Link href={campaignHref(campaign.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {campaign.subject}
        </Link>
        <Chip
          size="small"
          label={CAMPAIGN_STATE_LABELS[campaign.status]}
          color={campaign.status === 'sent' ? 'success' : 'warning'}
          variant="outlined"
        />
      </Box>
      {campaign.sendStartedAt ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Envío iniciado el {clock.formatShort(campaign.sendStartedAt)}
        </Typography>
      ) : null}
      <FigureList figures={campaignFigures(campaign)} label="Envío del último boletín" />
    </Box>
  );
}

/** Active subscribers, who joined and who left in 30 days, and what the last campaign did. */
export function NewsletterCard() {
  const summary = useSummary<NewsletterSummary>(NEWSLETTER_SUMMARY);
  return (
    <SummaryCard
      id="resumen-boletin"
      title="Boletín"
      what="el boletín"
      summary={summary}
      actions={
        <>
          <Button href="#/newsletter-subscribers">Suscriptoras</Button>
          <Button href="#/newsletter-campaigns">Boletines</Button>
        </>
      }
    >
      {(data) => (
        <>
          <FigureList figures={newsletterFigures(data)} label="Suscriptoras del boletín" />
          {data.lastCampaign ? (
            <LastCampaign campaign={data.lastCampaign} />
          ) : (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              Todavía no se ha enviado ningún boletín.
            </Typography>
          )}
        </>
      )}
    </SummaryCard>
  );
}
