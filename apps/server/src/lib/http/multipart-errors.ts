import { HttpError, badRequest } from '../http-error';

/** What an upload route tells a person, in its own words, for the refusals that depend on the route. */
export interface UploadRefusals {
  /** A file past the parser's size ceiling (413). */
  tooLarge: string;
  /** More files than the route takes (413); `tooManyParts` when not given. */
  tooManyFiles?: string;
  /** More fields or parts than the route takes (413). */
  tooManyParts: string;
  /** A body that is not multipart at all (400). */
  notMultipart: string;
}

/**
 * Turns what @fastify/multipart and busboy throw into an error a person can read, with one status per
 * cause for every upload route: 413 for everything over a limit (as the parser itself rates it), 400 for a
 * malformed or interrupted body. Errors that are not the parser's pass through unchanged.
 */
export function multipartError(err: unknown, words: UploadRefusals): unknown {
  if (err instanceof HttpError) return err;
  switch ((err as { code?: string })?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, words.tooLarge);
    case 'FST_FILES_LIMIT':
      return new HttpError(413, words.tooManyFiles ?? words.tooManyParts);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, words.tooManyParts);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(words.notMultipart);
    // A field named like a property of every object (`constructor`, `__proto__`…).
    case 'FST_PROTO_VIOLATION':
      return badRequest('Invalid field name');
    // The client went away mid-body (a closed tab, a dropped connection): nobody reads the answer, and it
    // is not a server error to log as one.
    case 'FST_MP_PREMATURE_CLOSE':
    case 'ECONNRESET':
      return badRequest('The upload was interrupted');
    default:
      if (err instanceof Error && err.message === 'aborted') return badRequest('The upload was interrupted');
      return malformedMultipart(err) ?? err;
  }
}

/**
 * The parser's own errors for a body that is not multipart as it claims (no boundary, cut short, broken
 * part headers) as a 400 a person can read; null for any other error. Busboy throws plain Errors for
 * these, without a code.
 */
export function malformedMultipart(err: unknown): HttpError | null {
  if (!(err instanceof Error) || err instanceof HttpError) return null;
  const code = (err as { code?: string }).code;
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return badRequest('A field of the upload is not valid JSON');
  if (code !== undefined) return null;
  if (/boundary|multipart|unexpected end|malformed|terminated early|needle/i.test(err.message)) {
    return badRequest('The upload could not be read: send it as complete multipart/form-data');
  }
  return null;
}
