import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { recordRefusal } from '../lib/contact-refusals';
import { HttpError } from '../lib/http-error';

/** Every error becomes `{message}` with a fitting status; unexpected ones are logged and never leak details. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError | HttpError | ZodError, request, reply) => {
    // A text refused for contact details is put on record with the person who sent it.
    if (request.user) await recordRefusal(app.events, error, request.user.id);
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const text = first?.message ?? 'Invalid request';
      return reply
        .status(400)
        .send({ message: field && !/required/i.test(text) ? `${field}: ${text}` : text });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ message: error.issues[0]?.message ?? 'Invalid request' });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      // The limiter's own text says how long to wait; keep it when there is one.
      const text = (error as FastifyError).message;
      return reply.status(429).send({
        message: /too many requests/i.test(text ?? '') ? text : 'Too many requests, please try again later',
      });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: humanClientError(error as FastifyError) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });
});

function humanClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The request is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message || 'Invalid request';
  }
}
