import { createServer, request, type Server } from 'node:http';

/**
 * A reverse proxy the way nginx is usually set up in front of an app (`proxy_set_header
 * X-Forwarded-For $proxy_add_x_forwarded_for; proxy_set_header X-Forwarded-Proto https`): it keeps
 * whatever X-Forwarded-For the client sent and appends the address it saw, and says the request came
 * over https (as when it terminates TLS). Loopback only.
 */
export async function startAppendingProxy(target: URL): Promise<{ url: string; stop(): Promise<void> }> {
  if (target.hostname !== '127.0.0.1') throw new Error('the test proxy only forwards to loopback');
  const server: Server = createServer((incoming, outgoing) => {
    const forwarded = incoming.headers['x-forwarded-for'];
    const client = incoming.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          'x-forwarded-for': forwarded ? `${forwarded}, ${client}` : client,
          'x-forwarded-proto': 'https',
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
