import { Box, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import type { UploadProgress } from './admin-api.ts';

export interface UploadState {
  fileName: string;
  progress: UploadProgress;
}

/** The file being sent, how much of it has gone, and then that the server is converting it. */
export function UploadProgressBar({ state }: { state: UploadState | undefined }) {
  if (!state) return null;
  const { progress, fileName } = state;
  const sending = progress.phase === 'sending';
  const label = sending ? `Subiendo «${fileName}»: ${progress.percent} %` : `Procesando «${fileName}»…`;
  return (
    <Box sx={{ width: '100%', my: 1 }} role="status" aria-live="polite">
      <Typography variant="caption" component="p" noWrap title={label}>
        {label}
      </Typography>
      <LinearProgress
        variant={sending ? 'determinate' : 'indeterminate'}
        value={sending ? progress.percent : undefined}
        aria-label={`Progreso de la subida de ${fileName}`}
      />
    </Box>
  );
}

/** The progress of the upload under way, and a reporter to pass to uploadImage for each file. */
export function useUploadProgress() {
  const [state, setState] = useState<UploadState | undefined>();
  const track = (fileName: string) => (progress: UploadProgress) => setState({ fileName, progress });
  return { state, track, done: () => setState(undefined) };
}
