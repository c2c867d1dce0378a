import { afterEach, describe, expect, it, vi } from "vitest";
import { apiJson, apiRequest, errorMessage, errorStatus, getQueryFn } from "./api";

function stubFetch(response: Response) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(response));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("sends credentials, and a JSON content type and body only when there is a payload", async () => {
    const fetchMock = stubFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/login", { username: "a" });
    expect(fetchMock).toHaveBeenLastCalledWith("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"username":"a"}',
      credentials: "include",
    });
    await apiRequest("POST", "/api/logout");
    expect(fetchMock).toHaveBeenLastCalledWith("/api/logout", {
      method: "POST",
      headers: {},
      body: undefined,
      credentials: "include",
    });
  });

  it('raises "{status}: {body}" on a non-OK answer', async () => {
    stubFetch(new Response('{"message":"Invalid username or password"}', { status: 401, statusText: "Unauthorized" }));
    await expect(apiRequest("POST", "/api/login", {})).rejects.toThrow(
      '401: {"message":"Invalid username or password"}',
    );
  });

  it('raises "{status}: {statusText}" when the body is empty', async () => {
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("503: Service Unavailable");
  });

  it("apiJson parses the answer", async () => {
    stubFetch(new Response('{"valid":true}', { status: 200 }));
    await expect(apiJson("POST", "/api/access-codes/verify", { code: "1" })).resolves.toEqual({ valid: true });
  });
});

describe("getQueryFn", () => {
  const context = (queryKey: unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it("returns null on 401 when asked to", async () => {
    stubFetch(new Response("", { status: 401, statusText: "Unauthorized" }));
    await expect(getQueryFn({ on401: "returnNull" })(context(["/api/user"]))).resolves.toBeNull();
  });

  it("throws on 401 by default and joins the key into the URL", async () => {
    const fetchMock = stubFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: "throw" })(context(["/api/users", 7]))).rejects.toThrow("401: ");
    expect(fetchMock).toHaveBeenCalledWith("/api/users/7", { credentials: "include" });
  });
});

describe("errorMessage / errorStatus", () => {
  it("takes the server's JSON message out of the error", () => {
    const error = new Error('409: {"message":"Username already exists"}');
    expect(errorMessage(error)).toBe("Username already exists");
    expect(errorStatus(error)).toBe(409);
  });
  it("falls back to the body text, and to null when there is nothing", () => {
    expect(errorMessage(new Error("500: Internal Server Error"))).toBe("Internal Server Error");
    expect(errorMessage(new Error("401: {}"))).toBe("{}");
    expect(errorMessage(new Error('401: {"message":""}'))).toBeNull();
    expect(errorMessage("nope")).toBeNull();
  });
});
