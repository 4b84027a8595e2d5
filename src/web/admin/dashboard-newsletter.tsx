import { Box, Button, Link, Typography } from '@mui/material';
import type { NewsletterSummary } from '../../shared/admin-schemas.ts';
import { clock } from '../../shared/clock.ts';
import {
  CAMPAIGN_STATE_LABELS,
  campaignFigures,
  campaignHref,
  newsletterFigures,
} from './dashboard-figures.ts';
import { adminPaths } from './admin-api.ts';
import { FigureList, SummaryCard, useSummary } from './dashboard-parts.tsx';

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
        <Typography
          component="span"
          variant="body2"
          sx={{
            px: 1,
            border: 1,
            borderRadius: 4,
            color: campaign.status === 'sent' ? 'success.dark' : 'warning.dark',
          }}
        >
          {CAMPAIGN_STATE_LABELS[campaign.status]}
        </Typography>
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
  const summary = useSummary<NewsletterSummary>(adminPaths.newsletterSummary);
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
