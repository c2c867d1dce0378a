import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { AuthProvider } from "@/features/auth/use-auth";
import { createQueryClient } from "@/lib/query-client";
import { Toaster } from "@/ui/toaster";

export { currentUserFixture } from "./fixtures";

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Replaces fetch for one test; unmatched calls answer 401 (signed out), like GET /api/user does. */
export function mockFetch(handler: Handler = () => jsonResponse(401, { message: "Not signed in" })) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export function renderWithProviders(ui: ReactElement) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        {ui}
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
}
