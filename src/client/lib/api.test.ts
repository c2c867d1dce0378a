import type { accessGrantStatusSchema } from "@contract/auth";
import type { chatMessageSchema } from "@contract/chat";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, errorMessage, errorStatus } from "./api";

function stubFetch(response: Response) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(response));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("api", () => {
  it("sends credentials, and a JSON content type and body only when there is a payload", async () => {
    const fetchMock = stubFetch(new Response("{}", { status: 200 }));
    await api.send("POST", "/api/login", { username: "a" });
    expect(fetchMock).toHaveBeenLastCalledWith("/api/login", {
      method: "POST",
      // The server answers in the language the app speaks now.
      headers: { "Accept-Language": "en", "Content-Type": "application/json" },
      body: '{"username":"a"}',
      credentials: "include",
    });
    await api.send("POST", "/api/logout");
    expect(fetchMock).toHaveBeenLastCalledWith("/api/logout", {
      method: "POST",
      headers: { "Accept-Language": "en" },
      body: undefined,
      credentials: "include",
    });
  });

  it('raises an ApiError "{status}: {body}" on a non-OK answer', async () => {
    stubFetch(new Response('{"message":"Invalid username or password"}', { status: 401, statusText: "Unauthorized" }));
    const error = await api.send("POST", "/api/login", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid username or password"}');
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).retryAfterSeconds).toBeNull();
  });

  it('raises "{status}: {statusText}" when the body is empty', async () => {
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(api.get<typeof chatMessageSchema>("/api/x")).rejects.toThrow("503: Service Unavailable");
  });

  it("carries a 429's Retry-After in whole seconds", async () => {
    stubFetch(new Response('{"message":"Too many"}', { status: 429, headers: { "Retry-After": "2.2" } }));
    await expect(api.post<typeof chatMessageSchema>("/api/chat/messages", {})).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 3,
    });
  });

  it("answers the parsed JSON of a read", async () => {
    const fetchMock = stubFetch(new Response('{"granted":true}', { status: 200 }));
    await expect(api.get<typeof accessGrantStatusSchema>("/api/access-grant")).resolves.toEqual({ granted: true });
    expect(fetchMock).toHaveBeenLastCalledWith("/api/access-grant", expect.objectContaining({ method: "GET" }));
  });
});

describe("errorMessage / errorStatus", () => {
  it("takes the server's JSON message out of the error", () => {
    const error = new Error('409: {"message":"Username already exists"}');
    expect(errorMessage(error)).toBe("Username already exists");
    expect(errorStatus(error)).toBe(409);
    expect(errorStatus(new ApiError(404, "", null))).toBe(404);
  });
  it("falls back to the body text, and to null when there is nothing", () => {
    expect(errorMessage(new Error("500: Internal Server Error"))).toBe("Internal Server Error");
    expect(errorMessage(new Error("401: {}"))).toBe("{}");
    expect(errorMessage(new Error('401: {"message":""}'))).toBeNull();
    expect(errorMessage("nope")).toBeNull();
  });
});
