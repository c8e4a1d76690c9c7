import { type ErrorBody, HTTP_STATUS } from '@veracity/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from './api-error.js';
import { validationToErrorItems } from './validation-errors.js';

/** Fastify's own errors that are the client's fault, answered with a reason instead of a 500. */
const CLIENT_ERRORS: Record<string, { status: number; body: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: HTTP_STATUS.UNSUPPORTED_MEDIA_TYPE,
    body: 'Unsupported media type: send the body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: HTTP_STATUS.BAD_REQUEST, body: 'Invalid Content-Length' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: HTTP_STATUS.PAYLOAD_TOO_LARGE, body: 'Request body is too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: HTTP_STATUS.BAD_REQUEST,
    body: 'Body cannot be empty when content-type is application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: HTTP_STATUS.BAD_REQUEST, body: 'Malformed JSON body' },
};

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  // A string body is sent JSON-encoded, so every API answer parses as JSON.
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** The part of the request a schema validated: its body, address parameters, query or headers. */
function requestPart(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body') return request.body;
  if (context === 'params') return request.params;
  if (context === 'querystring') return request.query;
  if (context === 'headers') return request.headers;
  return undefined;
}

/**
 * The one place errors become responses. Intended errors (ApiError, validation, malformed requests)
 * keep their status and reason; anything else is logged with the request id and answered 500 without
 * internals. Every response carries the request id header (see app.ts).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(
        reply,
        HTTP_STATUS.BAD_REQUEST,
        validationToErrorItems(
          error.validation,
          error.validationContext,
          requestPart(request, error.validationContext),
        ),
      );
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, known.status, known.body);
    if (error.statusCode === HTTP_STATUS.TOO_MANY_REQUESTS) {
      return send(
        reply,
        HTTP_STATUS.TOO_MANY_REQUESTS,
        'Too many requests, please try again in a few seconds',
      );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, error.statusCode, error.message);
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return send(reply, HTTP_STATUS.INTERNAL, `An unexpected error occurred (request ${request.id})`);
  });
}
