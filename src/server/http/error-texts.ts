// Every error answer is {message, code}: the message in the language the request asked for, the code a stable
// machine name a client may branch on (the message's address in the catalog, e.g. "events.full", or the
// status's name for an error no catalog words, such as Fastify's own).

import type { ZodIssue } from "zod";
import { ar, de, es, fr, ja } from "zod/v4/locales";
import type { Language } from "#contract/i18n/languages";
import type { MessageValues } from "#contract/i18n/texts";
import { messageIn } from "#server/i18n";

const STATUS_CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  410: "gone",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "unprocessable",
  429: "too_many_requests",
  500: "internal",
  503: "unavailable",
};

export interface ErrorAnswer {
  message: string;
  code: string;
}

/** An error no catalog words: the words it came with, and its status's name as its code. */
export function statusAnswer(status: number, words: string): ErrorAnswer {
  return { message: words, code: STATUS_CODES[status] ?? `http_${status}` };
}

/** An error's message by its code (messageKey) in a language; values fill the message's ICU arguments. */
export function errorAnswer(language: Language, status: number, code: string, values?: MessageValues): ErrorAnswer {
  const message = messageIn(language, code, values);
  return message === undefined ? statusAnswer(status, code) : { message, code };
}

const zodLocales: Partial<Record<Language, ReturnType<typeof es>>> = {
  es: es(),
  ar: ar(),
  fr: fr(),
  de: de(),
  ja: ja(),
};

/** A failed field's message: the contract's own, by the code a schema gives as its message, else zod's own. */
export function validationAnswer(language: Language, field: string, issue: ZodIssue): ErrorAnswer {
  const own = messageIn(language, issue.message);
  const locale = zodLocales[language];
  const zodMessage = locale ? locale.localeError(issue as Parameters<typeof locale.localeError>[0]) : undefined;
  const message = own ?? (typeof zodMessage === "string" ? zodMessage : (zodMessage?.message ?? issue.message));
  return { message: field ? `${field}: ${message}` : message, code: own === undefined ? "validation" : issue.message };
}
