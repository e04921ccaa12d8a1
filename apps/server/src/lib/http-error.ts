/** An error whose message is safe to show a person; the error handler replies `{message}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please login to continue') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message = 'Too many requests, please try again later') =>
  new HttpError(429, message);
