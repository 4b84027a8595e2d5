// docs/benchmarks.md holds two things: a part written by hand (what each part of the bench measures,
// how to run it, the goals) and, after a marker line, the results of the last `npm run bench`. The bench
// keeps the first as it is and writes the second anew.

/** The line after which docs/benchmarks.md is written by the bench. */
export const RESULTS_MARKER =
  '<!-- What follows is written by npm run bench; what is above is written by hand and kept. -->';

/**
 * The report file's new text: the part of the `existing` file up to the marker, then the bench's
 * `results`. A file without the marker (or no file) gets a title and the marker first.
 */
export function withResults(results: string, existing: string | undefined): string {
  const at = existing?.indexOf(RESULTS_MARKER) ?? -1;
  const kept = at >= 0 ? existing!.slice(0, at).trimEnd() : '# Benchmarks';
  return `${kept}\n\n${RESULTS_MARKER}\n\n${results.trim()}\n`;
}

/** How the report's tables say whether a goal was met. */
export const goalMark = (ok: boolean) => (ok ? 'yes' : '**no**');
