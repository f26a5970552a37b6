/** An error meant for the user: a status and a message they can act on. The error handler sends it as is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502 | 503,
    message: string,
    /** The fields at fault, so a form can show the message at its field. */
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** A 400; with `field`, the message is also the issue of that field (a form shows it there). */
export const badRequest = (message: string, field?: string) =>
  new AppError(400, message, field ? [{ path: field, message }] : undefined);
export const unauthorized = (message = "You need to sign in.") => new AppError(401, message);
export const forbidden = (message = "You are not allowed to do that.") => new AppError(403, message);
export const notFound = (message = "Not found.") => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
