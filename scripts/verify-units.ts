// `npm run systemd:verify [DIR]`: `systemd-analyze verify` on every unit of deploy/systemd/ (or DIR), and
// a failure on anything it says. systemd only warns about a misspelt directive, a directive in the
// wrong section or a value it cannot parse, then ignores it and exits 0: a unit that loses its
// UMask= or its restart limit that way still starts, so every line of output counts as a failure here.
//
// verify also checks that each Exec*= program exists on the machine that runs it, and a CI machine is
// not the server: its Node lives elsewhere, rsync may be missing. So the units are checked as installed
// on a server, in a scratch root (--root): /etc/systemd/system holds them, /usr/lib/systemd/system is
// this machine's own (the targets they hang from), and the programs the recipe installs
// (PROGRAMS_ON_THE_SERVER) exist there as empty stand-ins. Only those: a unit naming any other program,
// a misspelt path included, still fails.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

/** What docs/deploy.md installs (nodejs from NodeSource, rsync) or Debian always has. */
const PROGRAMS_ON_THE_SERVER = ['/usr/bin/node', '/usr/bin/rsync', '/usr/bin/find', '/bin/sh'];
/**
 * The instance verified for each template: what the site's units and docs/deploy.md start. sitio-alert@
 * gets the name OnFailure= gives it for an instance of sitio@, whose own @ systemd must accept.
 */
const INSTANCES: Record<string, string> = {
  'sitio@.service': '3001',
  'sitio-alert@.service': 'sitio@3001.service',
};
const SYSTEM_UNITS = '/usr/lib/systemd/system';

const dir = resolve(process.argv[2] ?? 'deploy/systemd');
const shown = dir.startsWith(`${process.cwd()}/`) ? relative(process.cwd(), dir) : dir;

function fail(lines: string[]): never {
  console.error(`\n\x1b[1;31m*** The systemd units in ${shown}/ have problems:\x1b[0m`);
  for (const line of lines) console.error(`  ${line}`);
  process.exit(1);
}

const version = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
if (version.status !== 0) {
  fail(['systemd-analyze is missing: apt-get install -y systemd (.ci/run installs it).']);
}
if (!existsSync(SYSTEM_UNITS)) fail([`${SYSTEM_UNITS} is missing: systemd is not installed properly.`]);

const files = readdirSync(dir)
  .filter((name) => /\.(service|timer|socket|path|target|mount)$/.test(name))
  .sort();
if (files.length === 0) fail([`no unit files in ${shown}/`]);

// What verify does not look at: the units these name must be here too.
const problems: string[] = [];
for (const file of files) {
  const text = readFileSync(join(dir, file), 'utf8');
  for (const match of text.matchAll(/^OnFailure=(.+)$/gm)) {
    for (const name of match[1]!.trim().split(/\s+/)) {
      const template = name.replace(/@.*\.service$/, '@.service');
      if (!files.includes(template))
        problems.push(`${shown}/${file}: OnFailure= names ${name}, but ${template} is not here`);
    }
  }
  if (file.endsWith('.timer')) {
    const unit = /^Unit=(.+)$/m.exec(text)?.[1]?.trim() ?? file.replace(/\.timer$/, '.service');
    if (!files.includes(unit)) problems.push(`${shown}/${file}: starts ${unit}, which is not here`);
  }
}

const root = mkdtempSync(join(tmpdir(), 'site-units-'));
try {
  // Their own links are relative, and stay so.
  cpSync(SYSTEM_UNITS, join(root, SYSTEM_UNITS), { recursive: true, verbatimSymlinks: true });
  for (const program of PROGRAMS_ON_THE_SERVER) {
    mkdirSync(join(root, dirname(program)), { recursive: true });
    writeFileSync(join(root, program), '#!/bin/sh\n');
    chmodSync(join(root, program), 0o755);
  }
  const installed = join(root, 'etc/systemd/system');
  mkdirSync(installed, { recursive: true });
  for (const file of files) cpSync(join(dir, file), join(installed, file));

  const names = files.map((file) =>
    file.endsWith('@.service') ? file.replace('@.service', `@${INSTANCES[file] ?? 'ejemplo'}.service`) : file,
  );
  const verify = spawnSync('systemd-analyze', ['verify', `--root=${root}`, '--man=no', ...names], {
    encoding: 'utf8',
  });
  const said = `${verify.stdout}\n${verify.stderr}`
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) =>
      line.replaceAll(`${installed}/`, `${shown}/`).replaceAll('/etc/systemd/system/', `${shown}/`),
    );
  problems.push(...said);
  if (verify.status !== 0 && said.length === 0)
    problems.push(`systemd-analyze verify exited with ${verify.status}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}

if (problems.length > 0) fail(problems);
console.log(
  `systemd-analyze verify: ${files.length} units in ${shown}/ without a warning (${version.stdout.split('\n')[0]}).`,
);
