import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Browsers open connections ahead of need (Chromium's preconnect), and Node counts a connection that has not sent a
 * byte, or has sent part of a request's headers, as active: `server.close()` closes idle keep-alive connections but
 * waits for those until the headers timeout (60 s), past the shutdown's grace period. On shutdown they are the only
 * thing left to wait for, so `closeUnused()` destroys every connection that is not serving a request: one whose
 * headers have all arrived (Node has handed it over) is left to finish, however long its answer takes to leave.
 */
export function trackUnusedConnections(server: Server): { closeUnused(): void } {
  const open = new Set<Socket>();
  // Requests handed over and not yet answered, by connection (more than one when a client pipelines).
  const serving = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      serving.delete(socket);
    });
  });
  server.on('request', (request, response) => {
    const { socket } = request;
    serving.set(socket, (serving.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (serving.get(socket) ?? 1) - 1;
      if (left > 0) serving.set(socket, left);
      else serving.delete(socket);
    });
  });
  return {
    closeUnused() {
      for (const socket of open) if (!serving.has(socket)) socket.destroy();
    },
  };
}
