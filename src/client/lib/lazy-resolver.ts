import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { whenIdle } from "./after-load";

/**
 * A form's zod resolver whose schema (and zod with it) loads with the first validation instead of with the
 * screen: a form on the first screen paints without zod. `load` names the contract schema through a dynamic
 * import; the resolver itself is @hookform/resolvers' zodResolver, so errors and parsed values are the same.
 * The download starts once the page is idle, so a first submit does not wait for it. zod's own messages follow
 * the app's language (zod-language.ts).
 */
export function lazyZodResolver<Values extends FieldValues>(
  load: () => Promise<z.ZodType>,
  /** raw: the schema only checks; the submit handler gets the values as typed (a form that builds its own body). */
  { raw = false }: { raw?: boolean } = {},
): Resolver<Values> {
  let resolver: Promise<Resolver<Values>> | undefined;
  const loadResolver = () => {
    resolver ??= Promise.all([load(), import("@hookform/resolvers/zod")]).then(
      ([schema, { zodResolver }]) => {
        const typed = schema as z.ZodType<Values, Values>;
        return (raw ? zodResolver(typed, undefined, { raw: true }) : zodResolver(typed)) as unknown as Resolver<Values>;
      },
      (error: unknown) => {
        // A failed download (offline before the service worker had the chunk) is tried again next time.
        resolver = undefined;
        throw error;
      },
    );
    return resolver;
  };
  const lazy: Resolver<Values> = async (values, context, options) => {
    const resolve = await loadResolver();
    await import("./zod-language").then((m) => m.matchZodLanguage());
    return resolve(values, context, options);
  };
  whenIdle(() => void loadResolver());
  return lazy;
}
