import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root: the server is started from there, like `npm start` does. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export const FAULT_ADMIN = { email: 'admin@example.org', password: 'una-contraseña-de-prueba' };

/** A free TCP port on loopback, found by binding port 0 and letting it go. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Every line the server wrote, stdout and stderr (JSON log lines mostly). */
  readonly output: string[];
  /** Sends a signal to the server's whole process group. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code (or the signal's name) once the process ended. */
  exited: Promise<number | string>;
  /** SIGKILL if still running, and wait for the end. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Environment for the server on top of the defaults below. */
  env: Record<string, string | undefined>;
  /** Node's own flags before the script (what a systemd unit's ExecStart passes). */
  nodeFlags?: string[];
  port?: number;
  /** How long to wait for /api/health to answer 200. */
  readyTimeoutMs?: number;
}

/**
 * Starts `node src/server/main.ts` as its own process group on 127.0.0.1, the way an operator would,
 * and waits until /api/health answers 200. The environment is built from scratch so nothing from the
 * test runner's environment (a REDIS_URL, a DATABASE_URL) leaks in unless a test asks for it.
 */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    TZ: 'UTC',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED_DEMO: 'false',
    MAIL_TO: 'buzon@example.org',
    MAIL_FROM: 'Sitio <no-responder@example.org>',
    SESSION_SECRET: 'a-fault-suite-secret-that-is-long-enough',
    ADMIN_EMAIL: FAULT_ADMIN.email,
    ADMIN_PASSWORD: FAULT_ADMIN.password,
    CONTACT_RATE_LIMIT: '100000',
    LOGIN_RATE_LIMIT: '100000',
    LOG_LEVEL: 'info',
    WEB_DIST: 'dist/does-not-exist',
  };
  for (const [key, value] of Object.entries(options.env)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeFlags ?? []), 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) output.push(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let ended = false;
  void exited.then(() => (ended = true));

  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    pid,
    output,
    exited,
    signal(signal) {
      if (ended) return;
      try {
        process.kill(-pid, signal);
      } catch {
        // The group is already gone.
      }
    },
    async stop() {
      server.signal('SIGKILL');
      await exited;
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (ended) {
      throw new Error(`the server exited before it was ready:\n${output.slice(-20).join('\n')}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server was not ready in time:\n${output.slice(-20).join('\n')}`);
    }
    await sleep(100);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a truthy value or `timeoutMs` passes (then throws with `what`). */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}
