import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../lib/client-address.ts';

/**
 * At most `max` open connections per client address (decision 021; an IPv6 client by its /64): one address cannot hold every
 * socket of the server with slow or idle connections. Behind a trusted proxy every connection
 * comes from the proxy, so there the proxy must do this and the app does not.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = addressKey(socket.remoteAddress ?? '');
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
