/**
 * A route's responses written by JSON.stringify alone, without zod's encode walk over every field (a copy of
 * the whole response, then stringified): for a hot route whose handler is typed to build exactly the
 * contract's shape, with a test that encoding its response changes nothing. The schema still documents it.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
