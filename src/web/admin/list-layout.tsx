import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateButton } from 'react-admin';

/** True on phones and narrow tablets, where tables give way to simple lists. */
export const useIsSmall = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

/** What a list shows before anything exists: a sentence and, when it makes sense, the way to start. */
export function EmptyState({
  title,
  text,
  create = true,
}: {
  title: string;
  text?: string;
  create?: boolean;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {title}
      </Typography>
      {text ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {text}
        </Typography>
      ) : null}
      {create ? <CreateButton variant="contained" /> : null}
    </Box>
  );
}

export function Thumbnail({ src, alt = '' }: { src: string | undefined; alt?: string }): ReactNode {
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      sx={{
        width: 56,
        height: 42,
        objectFit: 'cover',
        borderRadius: 0.5,
        display: 'block',
        bgcolor: 'grey.100',
      }}
    />
  );
}
