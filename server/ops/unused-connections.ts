import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Browsers open connections ahead of need (Chromium's preconnect), and Node counts a connection that has not sent a
 * byte as active: `server.close()` closes idle keep-alive connections but waits for those until the headers timeout.
 * On shutdown they are the only thing left to wait for, so `closeUnused()` destroys every connection that has read
 * nothing yet. One that has started a request is left to finish it; one that sits between requests is closed as idle
 * by Node itself.
 */
export function trackUnusedConnections(server: Server): { closeUnused(): void } {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    closeUnused() {
      for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    },
  };
}
