import fastJson from "fast-json-stringify";
import { z } from "zod";

type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema as fast-json-stringify reads it best: "X or null" as one node with two types (an anyOf
 * makes it test every value against each branch) and no draft marker. Only what the schema names is kept.
 */
function simplified(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplified);
  if (node === null || typeof node !== "object") return node;
  const { $schema: _draft, ...rest } = node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(rest)) out[key] = simplified(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && Object.keys(out).length === 1) {
    const other = anyOf.find((branch) => branch.type !== "null");
    if (other && anyOf.some((branch) => branch.type === "null") && typeof other.type === "string")
      return { ...other, type: [other.type, "null"] };
  }
  return out;
}

/**
 * A route's serializerCompiler writing each answer with fast-json-stringify, compiled once from the
 * contract's schema: only the fields the contract names are written (any other property of the value
 * is left out, as zod's encoding strips it), without zod walking and copying the answer per request.
 * For answers whose schemas have no transforms (plain JSON shapes, as the feed's).
 */
export const contractSerializerCompiler = ({ schema }: { schema: unknown }) =>
  fastJson(simplified(z.toJSONSchema(schema as z.ZodType, { io: "output" })) as Parameters<typeof fastJson>[0]);
