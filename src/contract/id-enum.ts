import { z } from "zod";

/** A zod enum of the ids of a constant option list, so each list of choices is written once. */
export function idEnum<const T extends readonly [{ id: string }, ...{ id: string }[]]>(items: T) {
  return z.enum(items.map((item) => item.id) as [T[number]["id"], ...T[number]["id"][]]);
}
