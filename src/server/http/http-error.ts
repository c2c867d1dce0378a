import { formatMessage, type MessageValues } from "#contract/i18n/texts";

/**
 * An error a service throws with the HTTP status it means; the global handler turns it into {message, code},
 * the message in the request's language. `text` is a contract text's English (an ICU message when it names
 * values), so the handler finds its code and translation.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly text: string,
    readonly values?: MessageValues,
  ) {
    super(values ? formatMessage("en", text, values) : text);
  }
}
