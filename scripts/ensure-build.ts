// Runs before `npm start`: builds what `npm run build` builds (the browser bundles and the server
// bundle that renders pages) when there is no build yet or the web sources are newer than it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Written last by the build, so its presence means the whole build finished.
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
  const npm = process.env.npm_execpath;
  // `npm run build` is the one definition of the build; run it with the npm that runs this script.
  if (npm) execFileSync(process.execPath, [npm, 'run', '-s', 'build'], { stdio: 'inherit' });
  else execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (!existsSync(BUILD_MARKER)) throw new Error(`the build finished without ${BUILD_MARKER}`);
}
