// docs/benchmarks.md holds two things: what `npm run bench` measures (written by it, every run anew)
// and, after a marker line, measurements written by hand (the history of decisions, investigations,
// runs of the other bench scripts). The bench rewrites the first and keeps the second as it is.

/** The line after which docs/benchmarks.md is written by hand; the bench keeps it and what follows. */
export const KEPT_MARKER =
  '<!-- What follows is written by hand: npm run bench rewrites what is above and keeps this. -->';

/**
 * The report file's new text: the bench's `generated` part, then the part of the `existing` file from
 * the marker on (only the marker when the file has none yet, so the next hand-written section has its
 * place).
 */
export function withKeptPart(generated: string, existing: string | undefined): string {
  const at = existing?.indexOf(KEPT_MARKER) ?? -1;
  const kept = at >= 0 ? existing!.slice(at) : `${KEPT_MARKER}\n`;
  return `${generated.trimEnd()}\n\n${kept}`;
}

/** How the report's tables say whether a goal was met. */
export const goalMark = (ok: boolean) => (ok ? 'yes' : '**no**');
