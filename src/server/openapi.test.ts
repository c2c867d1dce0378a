import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { testAppForSuite } from "./test/suite";

const t = testAppForSuite();

describe("OpenAPI document", () => {
  // Code generators and API tools refuse a whole document over one bad schema, so the document other
  // clients are built from must pass a standard validator, not only serve our own routes.
  it("validates as OpenAPI with a standard validator", async () => {
    const document = structuredClone(t.app.swagger());
    await expect(SwaggerParser.validate(document)).resolves.toBeTruthy();
  });
});
