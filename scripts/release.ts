// `npm run release [-- --out DIR]`: builds the site once and puts what a server runs into one folder
// and a tarball beside it: the built web apps, the server's and the shared sources (no tests), the
// production scripts and only the production packages, copied from this install (so nothing is
// downloaded or compiled again). The server then needs neither a build step nor the browser packages.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  readdirSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  type: string;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};
const outArg = process.argv.indexOf('--out');
const outDir = resolve(outArg > 0 ? process.argv[outArg + 1]! : join(root, 'release'));
const name = `${pkg.name}-${pkg.version}`;
const target = join(outDir, name);

/** The scripts a server runs; everything else (dev, tests, benchmarks) stays behind. */
const SERVER_SCRIPTS = [
  'preflight.cjs',
  'db-migrate.ts',
  'db-backup.ts',
  'db-restore.ts',
  'mail-test.ts',
  'admin-reset.ts',
  'mail-alert.ts',
  'send-plain-mail.ts',
];
const RUN_SCRIPTS = ['start', 'db:migrate', 'db:backup', 'db:restore', 'mail:test', 'admin:reset'];
const isTest = (path: string) => /\.test\.tsx?$/.test(path) || /(^|\/)test(\/|$)/.test(path);

const run = (command: string, args: string[], cwd = root) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

console.log('Building the site…');
// A production build whatever the calling shell says (a test runner sets NODE_ENV=test, which would
// make the server bundle call React's development JSX runtime).
const buildEnv = { ...process.env, NODE_ENV: 'production' };
const npm = process.env.npm_execpath;
if (npm)
  execFileSync(process.execPath, [npm, 'run', '-s', 'build'], { cwd: root, stdio: 'inherit', env: buildEnv });
else execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit', env: buildEnv });

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
const copy = (from: string, filter: (path: string) => boolean = () => true) =>
  cpSync(join(root, from), join(target, from), {
    recursive: true,
    filter: (source) => filter(relative(join(root, from), source)),
  });

copy('dist');
copy('src/server', (path) => !isTest(path));
copy('src/shared', (path) => !isTest(path));
copy('deploy');
for (const file of ['.env.example', '.nvmrc', '.npmrc', 'README.md', 'package-lock.json']) {
  if (existsSync(join(root, file))) copy(file);
}
for (const script of SERVER_SCRIPTS) copy(join('scripts', script));
mkdirSync(join(target, 'docs'), { recursive: true });
copy('docs/deploy.md');
copy('docs/operations.md');

// The commit it was built from, for /api/health (a release has no .git).
const commit = (() => {
  try {
    return run('git', ['rev-parse', 'HEAD']).trim();
  } catch {
    return '';
  }
})();
if (commit) writeFileSync(join(target, 'COMMIT'), `${commit}\n`);

const scripts = Object.fromEntries(
  RUN_SCRIPTS.filter((script) => pkg.scripts[script]).map((script) => [script, pkg.scripts[script]!]),
);
writeFileSync(
  join(target, 'package.json'),
  `${JSON.stringify(
    {
      name: pkg.name,
      version: pkg.version,
      private: true,
      type: pkg.type,
      engines: pkg.engines,
      // Built already: the start only checks Node's version.
      scripts: { prestart: 'node scripts/preflight.cjs', ...scripts },
      dependencies: pkg.dependencies,
    },
    null,
    2,
  )}\n`,
);

// Every production package as this install has it (native addons included), at the same place.
const packages = run('npm', ['ls', '--omit=dev', '--all', '--parseable'])
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && line !== root && line.startsWith(join(root, 'node_modules')));
for (const path of new Set(packages)) {
  const to = join(target, relative(root, path));
  if (existsSync(to)) continue;
  mkdirSync(dirname(to), { recursive: true });
  // Nested node_modules are copied as packages of their own, from the list.
  cpSync(path, to, {
    recursive: true,
    filter: (source) => !relative(path, source).startsWith('node_modules'),
  });
}

const size = (path: string): number => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + size(join(path, entry)), 0);
};
const tarball = `${target}.tar.gz`;
rmSync(tarball, { force: true });
run('tar', ['-czf', tarball, '-C', outDir, name]);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(`Release: ${relative(process.cwd(), target) || target}`);
console.log(
  `  folder ${mb(size(target))} (packages ${mb(size(join(target, 'node_modules')))}), tarball ${mb(statSync(tarball).size)}`,
);
