// The servers `npm run bench` measures: the site in production mode, and a bare Fastify hello-world as
// the yardstick (its own process, like the site, so neither shares a thread with the load generator).
// All on loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { pinned } from './cores.ts';

export const HOST = '127.0.0.1';

/** What the site runs with: production, with the defaults an operator gets for logging. */
export const SITE_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-benchmark-secret-that-is-long-enough-to-pass',
  SITE_URL: 'https://sitio.example.org',
  SEED_DEMO: 'true',
  // Only the contact limit is raised, so the load is stored rather than refused.
  CONTACT_RATE_LIMIT: '100000000',
} as const;

/**
 * A port nobody listens on now. A fixed one could belong to a server left from another run, which
 * would then answer (and be measured) in place of the one this run starts.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * How deploy/systemd/sitio.service runs the site: its node flags (the heap cap of decision 033) and the
 * environment settings that shape the process (not its port and address), so what is measured is what
 * a server runs.
 */
export function serviceUnit(): { nodeFlags: string[]; env: Record<string, string> } {
  const text = readFileSync('deploy/systemd/sitio.service', 'utf8');
  const nodeFlags = (/^ExecStart=\/usr\/bin\/node (.*) src\/server\/main\.ts$/m.exec(text)?.[1] ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const env = Object.fromEntries(
    [...text.matchAll(/^Environment=(\w+)=(.*)$/gm)]
      .map((match) => [match[1]!, match[2]!] as const)
      .filter(([name]) => name !== 'PORT' && name !== 'HOST')
      // The unit's cache directory is systemd's to make; here, this machine's temporary folder.
      .map(([name, value]) =>
        name === 'NODE_COMPILE_CACHE'
          ? ([name, join(tmpdir(), 'site-bench-compile-cache')] as const)
          : [name, value],
      ),
  );
  return { nodeFlags, env };
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

export interface Site {
  process: ChildProcess;
  base: string;
  databaseFile: string;
  logFile: string;
  stop(): Promise<void>;
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/**
 * `node src/server/main.ts` in production on a fresh SQLite file with the demo content. Its log goes
 * out through a pipe and this process writes it to a file, as a service's goes to the journal
 * (deploy/systemd/sitio.service: systemd gives it a stream socket, and journald writes the file):
 * written, not shown. A file as the site's own standard output would be written by the site itself,
 * one blocking write a log line beside the database's syncs on the same disk, which no server does.
 */
export async function startSite(
  dir: string,
  port: number,
  prefix: string[] = [],
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
): Promise<Site> {
  const databaseFile = join(dir, 'site.db');
  const logFile = join(dir, 'site.log');
  const [command, args] = pinned(prefix, process.execPath, [...nodeFlags, 'src/server/main.ts']);
  // taskset runs the server in its own place (exec), so the pid is the server's.
  const child = spawn(command, args, {
    env: {
      PATH: process.env.PATH ?? '',
      ...SITE_ENV,
      HOST,
      PORT: String(port),
      DATABASE_URL: databaseFile,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const base = `http://${HOST}:${port}`;
  await waitFor(`${base}/api/health`);
  const stop = async () => {
    await stopped(child);
    await new Promise<void>((done) => log.end(done));
  };
  return { process: child, base, databaseFile, logFile, stop };
}

/** The bare hello-world: GET answers `{"hello":"world"}`, POST reads its JSON body and answers 201. */
export function helloWorld(): FastifyInstance {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  hello.post('/', async (_request, reply) => reply.code(201).send({ data: { id: 'x' } }));
  return hello;
}

/** Starts the hello-world in a process of its own (this script, run with `--hello <port>`). */
export async function startHello(script: string, port: number, prefix: string[] = []) {
  const [command, args] = pinned(prefix, process.execPath, [script, '--hello', String(port)]);
  const child = spawn(command, args, { stdio: 'inherit' });
  const base = `http://${HOST}:${port}`;
  await waitFor(`${base}/`);
  return { process: child, base, stop: () => stopped(child) };
}
