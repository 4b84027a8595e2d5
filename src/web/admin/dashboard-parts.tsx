import { Box, Card, CardActions, CardContent, CircularProgress, Link, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { adminGet } from './admin-api.ts';
import type { Figure } from './dashboard-figures.ts';

/** A summary card's one request: loading, its data, missing on this server (404), or failed. */
export type Summary<T> =
  { state: 'loading' } | { state: 'ready'; data: T } | { state: 'unavailable' } | { state: 'failed' };

/** Reads one summary endpoint (`{data}`), once per card. */
export function useSummary<T>(path: string): Summary<T> {
  const [summary, setSummary] = useState<Summary<T>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    adminGet<{ data: T }>(path).then(
      (answer) => {
        if (current) setSummary({ state: 'ready', data: answer.data });
      },
      (error: unknown) => {
        const status = (error as { status?: number }).status;
        if (current) setSummary({ state: status === 404 ? 'unavailable' : 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [path]);
  return summary;
}

/**
 * One card of the summary: a section named by its heading, its state while loading or when its
 * figures cannot be read, and the way to its screen.
 */
export function SummaryCard<T>({
  id,
  title,
  summary,
  what,
  actions,
  children,
  wide = false,
}: {
  id: string;
  title: string;
  summary: Summary<T>;
  /** "el boletín": the object of the loading and failure sentences. */
  what: string;
  actions?: ReactNode;
  children: (data: T) => ReactNode;
  /** Two columns wide on large screens. */
  wide?: boolean;
}) {
  return (
    <Card
      component="section"
      aria-labelledby={id}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        gridColumn: wide ? { lg: 'span 2' } : undefined,
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {summary.state === 'loading' ? (
          <CircularProgress size={24} aria-label={`Cargando ${what}`} />
        ) : summary.state === 'failed' ? (
          <Typography color="error">No se pudo cargar {what}. Intenta de nuevo.</Typography>
        ) : summary.state === 'unavailable' ? (
          <Typography color="text.secondary">Este resumen no está disponible todavía.</Typography>
        ) : (
          children(summary.data)
        )}
      </CardContent>
      {actions ? (
        <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1 }}>
          {actions}
        </CardActions>
      ) : null}
    </Card>
  );
}

/** Figures as tiles: the number large, its words below, the whole tile a link to where it is acted on. */
export function FigureList({ figures, label }: { figures: Figure[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))',
      }}
    >
      {figures.map((figure) => (
        <li key={figure.label}>
          <Link
            href={figure.href}
            underline="hover"
            sx={{
              display: 'block',
              height: '100%',
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            <Typography component="span" variant="h5" sx={{ display: 'block', fontWeight: 600 }}>
              {figure.count}
            </Typography>
            <Typography component="span" variant="body2" sx={{ display: 'block' }}>
              {figure.label}
            </Typography>
          </Link>
        </li>
      ))}
    </Box>
  );
}
