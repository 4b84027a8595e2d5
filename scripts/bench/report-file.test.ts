import { describe, expect, it } from 'vitest';
import { RESULTS_MARKER, withResults } from './report-file.ts';

describe("the benchmarks report's file", () => {
  it('keeps what is written by hand above the marker, and replaces the results below it', () => {
    const existing = `# Benchmarks\n\nWhat each part measures.\n\n${RESULTS_MARKER}\n\n## Results\n\nOld figures.\n`;
    const text = withResults('## Results\n\nNew figures.\n', existing);
    expect(text).toBe(
      `# Benchmarks\n\nWhat each part measures.\n\n${RESULTS_MARKER}\n\n## Results\n\nNew figures.\n`,
    );
    expect(text).not.toContain('Old figures');
  });

  it('starts a file without the marker with a title and the marker', () => {
    expect(withResults('## Results\n', undefined)).toBe(`# Benchmarks\n\n${RESULTS_MARKER}\n\n## Results\n`);
    expect(withResults('## Results\n', '# Benchmarks\n\nOld.\n')).toBe(
      `# Benchmarks\n\n${RESULTS_MARKER}\n\n## Results\n`,
    );
  });
});
