import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { problemWith, REQUIRED_MAJOR } = require('./preflight.cjs') as {
  problemWith(version: string): string | undefined;
  REQUIRED_MAJOR: number;
};

describe('the Node.js preflight', () => {
  it('names the version needed and how to get it, in one line, for an older Node', () => {
    const line = problemWith('20.20.2');
    expect(line).toMatch(/^Este sitio necesita Node\.js 24 o más reciente \(tienes v20\.20\.2\)/);
    expect(line).toContain('nvm install 24');
    expect(line).not.toContain('\n');
    expect(problemWith('v18.0.0')).toContain('tienes v18.0.0');
  });

  it('lets Node 24 and newer through, and agrees with .nvmrc and package.json', () => {
    expect(problemWith('24.0.0')).toBeUndefined();
    expect(problemWith('26.1.0')).toBeUndefined();
    expect(readFileSync('.nvmrc', 'utf8').trim()).toBe(String(REQUIRED_MAJOR));
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.engines.node).toBe(`>=${REQUIRED_MAJOR}`);
    for (const script of ['prestart', 'predev', 'pretest'])
      expect(pkg.scripts[script]).toContain('preflight.cjs');
  });

  it('runs quietly on this Node', () => {
    expect(execFileSync(process.execPath, ['scripts/preflight.cjs'], { encoding: 'utf8' })).toBe('');
  });
});
