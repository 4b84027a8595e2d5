// Runs before `npm start`: builds the web app when there is no build or the sources are newer than it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILD_MARKER = 'dist/ssr/entry-server.js';
const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.filter((path) => existsSync(path)).map(newestMtime));
if (builtAt < changedAt) {
  console.log(
    builtAt ? 'Web sources changed: rebuilding the web app…' : 'Building the web app for the first time…',
  );
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}
