import type { APIRequestContext } from "@playwright/test";
import { DEMO_ACCESS_CODES } from "../../src/server/config";

/**
 * Passes the early-access gate as a visitor does: verifies a demo code, so the grant
 * cookie sits in this context's cookie jar for the POST /api/register that follows (which spends it).
 */
export async function grantAccess<T extends APIRequestContext>(request: T): Promise<T> {
  const res = await request.post("/api/access-codes/verify", { data: { code: DEMO_ACCESS_CODES[0] } });
  if (!res.ok() || (await res.json()).valid !== true)
    throw new Error(`access code refused: ${res.status()} ${await res.text()}`);
  return request;
}
