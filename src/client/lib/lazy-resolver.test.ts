import { zodResolver } from "@hookform/resolvers/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lazyZodResolver } from "./lazy-resolver";

const schema = z.object({ name: z.string().trim().min(1, "Name is required") });
type Values = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("lazyZodResolver", () => {
  it("answers what zodResolver answers: the messages, and the parsed values", async () => {
    const lazy = lazyZodResolver<Values>(() => Promise.resolve(schema));
    const eager = zodResolver(schema);
    for (const values of [{ name: "" }, { name: "  Ada " }]) {
      expect(await lazy(values, undefined, options)).toEqual(await eager(values, undefined, options));
    }
    expect((await lazy({ name: "  Ada " }, undefined, options)).values).toEqual({ name: "Ada" });
  });

  it("tries the download again after one failed", async () => {
    let attempts = 0;
    const lazy = lazyZodResolver<Values>(() =>
      ++attempts === 1 ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve(schema),
    );
    await expect(lazy({ name: "" }, undefined, options)).rejects.toThrow("Failed to fetch");
    expect((await lazy({ name: "" }, undefined, options)).errors.name?.message).toBe("Name is required");
  });
});
