import { connect, createServer, type Server, type Socket } from 'node:net';

export type ProxyFault = 'refuse' | 'blackhole';

/**
 * A TCP proxy on loopback in front of a service (PostgreSQL here), which a test can cut and restore:
 * - `refuse`: every open connection is cut and new ones are refused, as when the server is down;
 * - `blackhole`: every open connection is cut and new ones are accepted but nothing ever comes back,
 *   as when packets are dropped on the way.
 * Only loopback targets are allowed.
 */
export interface TcpProxy {
  readonly port: number;
  /** `127.0.0.1:<port>`, to put in a URL in place of the service's address. */
  readonly hostPort: string;
  cut(fault: ProxyFault): Promise<void>;
  restore(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  if (targetHost !== '127.0.0.1' && targetHost !== 'localhost' && targetHost !== '::1') {
    throw new Error('the fault proxy only forwards to loopback');
  }
  const open = new Set<Socket>();
  let fault: ProxyFault | null = null;
  let server: Server | undefined;
  let port = 0;

  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const listen = async () => {
    const instance = createServer((client) => {
      track(client);
      if (fault === 'blackhole') return;
      const upstream = connect(targetPort, targetHost);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      instance.once('error', reject);
      instance.listen(port, '127.0.0.1', () => resolve());
    });
    const address = instance.address();
    if (address && typeof address === 'object') port = address.port;
    server = instance;
  };

  const close = async () => {
    const instance = server;
    server = undefined;
    for (const socket of open) socket.destroy();
    if (instance) await new Promise<void>((resolve) => instance.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    get hostPort() {
      return `127.0.0.1:${port}`;
    },
    async cut(next) {
      fault = next;
      for (const socket of open) socket.destroy();
      if (next === 'refuse') await close();
      else if (!server) await listen();
    },
    async restore() {
      fault = null;
      if (!server) await listen();
    },
    stop: close,
  };
}
