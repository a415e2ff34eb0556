import type { FastifyReply } from 'fastify';
import type { ErrorBody } from '../contract/index';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Every error this server writes has the same body: {"error": "<a sentence for a person>"}. */
export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body: ErrorBody = { error: message };
  return reply.code(status).type(JSON_TYPE).send(body);
}

/** An error whose message is written for the client; any other error's message stays in the log. */
export class PublicError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'PublicError';
  }
}

export function methodNotAllowed(reply: FastifyReply): FastifyReply {
  return sendError(reply.header('allow', 'GET'), 405, 'Only GET is allowed here');
}
