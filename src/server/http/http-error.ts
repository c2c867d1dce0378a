import { formatMessage, type MessageValues, messageByCode } from "#contract/i18n/texts";

/** A message's English by its code, for the log: the answer itself is written again in the reader's language. */
function englishOf(code: string, values?: MessageValues): string {
  const english = messageByCode(null, code);
  if (typeof english !== "string") return code;
  return values ? formatMessage("en", english, values) : english;
}

/**
 * An error a service throws with the HTTP status it means; the global handler turns it into {message, code},
 * the message in the request's language. `code` is a contract text's address (messageKey(TEXTS, "key")), so the
 * answer is found by it; values fill the message's ICU arguments.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly values?: MessageValues,
  ) {
    super(englishOf(code, values));
  }
}
