import { Box, Button, LinearProgress, Link, Typography } from '@mui/material';
import { clock } from '../../shared/clock.ts';
import type { RegistrationFill } from '../../shared/registrations.ts';
import { adminPaths } from './admin-api.ts';
import {
  eventSignupsHref,
  fillPercent,
  fillText,
  nextOpenEvents,
  upcomingSignupsHref,
} from './dashboard-figures.ts';
import { SummaryCard, useSummary } from './dashboard-parts.tsx';

/** One event: its name and date, how full it is (a bar and its words), and the way to its sign-ups. */
function EventFill({ fill }: { fill: RegistrationFill }) {
  const full = fill.capacity !== null && fill.confirmed >= fill.capacity;
  const nameId = `resumen-evento-${fill.eventId}`;
  return (
    <Box
      component="li"
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Typography
        id={nameId}
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {fill.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {clock.formatShort(fill.eventDate)}
      </Typography>
      {fill.capacity !== null ? (
        <LinearProgress
          variant="determinate"
          value={fillPercent(fill)}
          color={full ? 'warning' : 'primary'}
          aria-label={`Lugares ocupados: ${fill.name}`}
          aria-valuetext={`${fill.confirmed} de ${fill.capacity} lugares ocupados`}
          sx={{ height: 10, borderRadius: 5, my: 1, maxWidth: 480 }}
        />
      ) : null}
      <Link href={eventSignupsHref(fill.eventId)} aria-describedby={nameId} sx={{ fontWeight: 500 }}>
        {fillText(fill)}
      </Link>
    </Box>
  );
}

/** The next events with sign-up open (up to five), each with its fill and waitlist. */
export function EventsCard() {
  const summary = useSummary<RegistrationFill[]>(adminPaths.registrationsSummary);
  return (
    <SummaryCard
      id="resumen-eventos"
      title="Próximos eventos con registro"
      what="los registros"
      summary={summary}
      wide
      actions={<Button href={upcomingSignupsHref}>Ver eventos con registro</Button>}
    >
      {(fills) => {
        const next = nextOpenEvents(fills);
        return next.length === 0 ? (
          <Typography color="text.secondary">Ningún evento próximo tiene el registro abierto.</Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Próximos eventos con registro abierto"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {next.map((fill) => (
              <EventFill key={fill.eventId} fill={fill} />
            ))}
          </Box>
        );
      }}
    </SummaryCard>
  );
}
