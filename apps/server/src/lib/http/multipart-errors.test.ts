import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-error';
import { multipartError, type UploadRefusals } from './multipart-errors';

const words: UploadRefusals = {
  tooLarge: 'too large',
  tooManyFiles: 'one file',
  tooManyParts: 'too many fields',
  notMultipart: 'send multipart',
};
const coded = (code: string) => Object.assign(new Error('parser'), { code });
const answer = (err: unknown, w = words) => {
  const mapped = multipartError(err, w) as HttpError;
  return [mapped.statusCode, mapped.message];
};

describe('multipart errors', () => {
  it('answers every limit with 413 in the route’s words', () => {
    expect(answer(coded('FST_REQ_FILE_TOO_LARGE'))).toEqual([413, 'too large']);
    expect(answer(coded('FST_FILES_LIMIT'))).toEqual([413, 'one file']);
    expect(answer(coded('FST_PARTS_LIMIT'))).toEqual([413, 'too many fields']);
    expect(answer(coded('FST_FIELDS_LIMIT'))).toEqual([413, 'too many fields']);
    expect(answer(coded('FST_FILES_LIMIT'), { ...words, tooManyFiles: undefined })).toEqual([
      413,
      'too many fields',
    ]);
  });

  it('answers a malformed or interrupted body with 400', () => {
    expect(answer(coded('FST_INVALID_MULTIPART_CONTENT_TYPE'))).toEqual([400, 'send multipart']);
    expect(answer(coded('FST_PROTO_VIOLATION'))).toEqual([400, 'Invalid field name']);
    expect(answer(coded('FST_MP_PREMATURE_CLOSE'))).toEqual([400, 'The upload was interrupted']);
    // The client went away mid-body: Node's request stream says 'aborted', the socket ECONNRESET.
    expect(answer(new Error('aborted'))).toEqual([400, 'The upload was interrupted']);
    expect(answer(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toEqual([
      400,
      'The upload was interrupted',
    ]);
    expect(answer(coded('FST_INVALID_JSON_FIELD_ERROR'))).toEqual([
      400,
      'A field of the upload is not valid JSON',
    ]);
    expect(answer(new Error('Unexpected end of form'))).toEqual([
      400,
      'The upload could not be read: send it as complete multipart/form-data',
    ]);
  });

  it('passes other errors through unchanged', () => {
    const own = new HttpError(409, 'conflict');
    expect(multipartError(own, words)).toBe(own);
    const other = new Error('disk full');
    expect(multipartError(other, words)).toBe(other);
  });
});
