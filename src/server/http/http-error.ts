/** An error a service throws with the HTTP status it means; the global handler turns it into {message}. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
