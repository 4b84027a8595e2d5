import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { ROOT, freePort, sleep } from '../../faults/harness/server-process.ts';

export interface Caddy {
  /** https://localhost:<port>, the public address of the site. */
  readonly url: string;
  readonly port: number;
  /** Caddy's own certificate authority (`tls internal`), for the client to trust. */
  readonly ca: Buffer;
  readonly output: string[];
  stop(): Promise<void>;
}

export function caddyVersion(): string | undefined {
  const result = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/**
 * Runs the repository's deploy/Caddyfile, as a volunteer would on the server, with only what a test
 * machine needs on top: certificates from Caddy's internal authority (`local_certs`, the global form
 * of `tls internal`) instead of Let's Encrypt, loopback ports, and its state in a folder of the test.
 */
export async function startCaddy(options: {
  dir: string;
  port: number;
  upstreams: string[];
}): Promise<Caddy> {
  const { port } = options;
  const httpPort = await freePort();
  const adminPort = await freePort();
  const url = `https://localhost:${port}`;
  mkdirSync(options.dir, { recursive: true });
  const caddyfile = join(options.dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{
	admin localhost:${adminPort}
	local_certs
	skip_install_trust
	storage file_system ${join(options.dir, 'data')}
	http_port ${httpPort}
	https_port ${port}
	auto_https disable_redirects
}

import ${join(ROOT, 'deploy', 'Caddyfile')}
`,
  );
  const child = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: options.dir,
      XDG_CONFIG_HOME: join(options.dir, 'config'),
      XDG_DATA_HOME: join(options.dir, 'data'),
      SITE_ADDRESS: url,
      APP_UPSTREAMS: options.upstreams.join(' '),
      CADDY_LOG_FILE: join(options.dir, 'access.log'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  const ended = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const stop = async () => {
    if (!exited && child.pid) process.kill(-child.pid, 'SIGTERM');
    await ended;
  };

  const caFile = join(options.dir, 'data', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 20_000;
  while (!existsSync(caFile) || !output.some((line) => /serving initial configuration/.test(line))) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`Caddy did not start:\n${output.slice(-20).join('\n')}`);
    }
    await sleep(100);
  }
  const ca = readFileSync(caFile);
  // The site's own certificate is issued after the configuration is served; until then a handshake
  // ends in an "internal error" alert, so the first test would fail for a reason of Caddy's start.
  while (!(await handshakes(port, ca))) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`Caddy served no certificate for localhost:\n${output.slice(-20).join('\n')}`);
    }
    await sleep(100);
  }
  return { url, port, ca, output, stop };
}

/** Whether a TLS handshake with localhost on `port` succeeds, trusting only `ca`. */
function handshakes(port: number, ca: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername: 'localhost', ca }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
