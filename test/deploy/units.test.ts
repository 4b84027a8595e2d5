import { execFile, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../faults/harness/server-process.ts';

const UNITS = join(ROOT, 'deploy', 'systemd');

/** `npm run systemd:verify [DIR]`; never throws. */
function verifyUnits(dir?: string) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['scripts/verify-units.ts', ...(dir ? [dir] : [])],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: stdout + stderr,
        }),
    );
  });
}

describe('the systemd units of deploy/systemd/', () => {
  let dir: string;
  beforeAll(() => {
    expect(
      spawnSync('systemd-analyze', ['--version']).status,
      'systemd-analyze is missing: apt-get install -y systemd (.ci/run installs it)',
    ).toBe(0);
    dir = mkdtempSync(join(tmpdir(), 'site-units-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('pass systemd-analyze verify without a single warning', async () => {
    const run = await verifyUnits();
    expect(run.output).toMatch(/^systemd-analyze verify: \d+ units in deploy\/systemd\/ without a warning/);
    expect(run.code).toBe(0);
  });

  it('start the site with the same node flags, one instance or several', () => {
    const execStart = (file: string) =>
      /^ExecStart=(.*)$/m.exec(readFileSync(join(UNITS, file), 'utf8'))?.[1];
    expect(execStart('sitio.service')).toBe(
      '/usr/bin/node --optimize-for-size --max-old-space-size=224 src/server/main.ts',
    );
    expect(execStart('sitio@.service')).toBe(execStart('sitio.service'));
  });

  it('fail the check, each named with its line, for a misspelt directive, an unparsable value, a missing program or a missing alert unit', async () => {
    const broken = join(dir, 'broken');
    cpSync(UNITS, broken, { recursive: true });
    const edit = (file: string, from: RegExp, to: string) => {
      const text = readFileSync(join(broken, file), 'utf8');
      expect(text).toMatch(from);
      writeFileSync(join(broken, file), text.replace(from, to));
    };
    edit('sitio-backup.service', /^UMask=0077$/m, 'UMaks=0077');
    edit('sitio.service', /^Restart=on-failure$/m, 'Restart=a-veces');
    edit('sitio@.service', /^ExecStart=\/usr\/bin\/node /m, 'ExecStart=/usr/bin/ndoe ');
    unlinkSync(join(broken, 'sitio-alert@.service'));

    const run = await verifyUnits(broken);
    expect(run.code).toBe(1);
    expect(run.output).toContain(`*** The systemd units in ${broken}/ have problems:`);
    expect(run.output).toMatch(/sitio-backup\.service:\d+: Unknown key 'UMaks' in section \[Service\]/);
    expect(run.output).toMatch(/sitio\.service:\d+: Failed to parse service restart specifier.*a-veces/);
    expect(run.output).toContain('Command /usr/bin/ndoe is not executable');
    expect(run.output).toContain(
      'OnFailure= names sitio-alert@%n.service, but sitio-alert@.service is not here',
    );
  });
});
