import { describe, expect, it } from 'vitest';
import { KEPT_MARKER, withKeptPart } from './report-file.ts';

describe("the benchmarks report's file", () => {
  it('is rewritten above the marker, and keeps what was written by hand below it', () => {
    const existing = `# Benchmarks\n\nOld figures.\n\n${KEPT_MARKER}\n\n## By hand\n\nA finding.\n`;
    const text = withKeptPart('# Benchmarks\n\nNew figures.\n', existing);
    expect(text).toBe(`# Benchmarks\n\nNew figures.\n\n${KEPT_MARKER}\n\n## By hand\n\nA finding.\n`);
    expect(text).not.toContain('Old figures');
  });

  it('starts the hand-written part with the marker when the file has none', () => {
    expect(withKeptPart('# Benchmarks\n', undefined)).toBe(`# Benchmarks\n\n${KEPT_MARKER}\n`);
    expect(withKeptPart('# Benchmarks\n', '# Benchmarks\n\nOld.\n')).toBe(`# Benchmarks\n\n${KEPT_MARKER}\n`);
  });
});
