import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which version runs: the package's version with the commit it was built from, read once at start.
 * The commit comes from `SITE_COMMIT` when the deployment sets it, else from the COMMIT file a release
 * carries (`npm run release`), else from the checkout's .git; without any the version stands alone.
 */
export function runningVersion(root = process.cwd()): string {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const commitFile = join(root, 'COMMIT');
  const released = existsSync(commitFile) ? readFileSync(commitFile, 'utf8').trim() : undefined;
  const commit = process.env.SITE_COMMIT?.trim() || released || gitCommit(root);
  return commit ? `${version}+${commit.slice(0, 12)}` : version;
}

function gitCommit(root: string): string | undefined {
  try {
    const gitDir = join(root, '.git');
    if (!existsSync(join(gitDir, 'HEAD'))) return undefined;
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return /^[0-9a-f]{40}$/.test(head) ? head : undefined;
    const ref = head.slice(5);
    const loose = join(gitDir, ref);
    if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
    const packed = readFileSync(join(gitDir, 'packed-refs'), 'utf8');
    return packed
      .split('\n')
      .find((line) => line.endsWith(` ${ref}`))
      ?.split(' ')[0];
  } catch {
    return undefined;
  }
}
