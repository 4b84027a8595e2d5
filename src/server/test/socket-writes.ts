import { Socket } from 'node:net';

/**
 * Records every chunk handed to any TCP socket's `write` (before TLS encrypts it) until `restore`, in
 * order, as latin1 text: which bytes went out, and when relative to the test's own steps.
 */
export function recordSocketWrites(): { writes: string[]; restore(): void } {
  const writes: string[] = [];
  const write = Socket.prototype.write;
  Socket.prototype.write = function (this: Socket, chunk: unknown, ...rest: unknown[]) {
    writes.push(Buffer.isBuffer(chunk) ? chunk.toString('latin1') : String(chunk));
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof Socket.prototype.write;
  return {
    writes,
    restore: () => {
      Socket.prototype.write = write;
    },
  };
}
