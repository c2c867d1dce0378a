import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AuthProvider } from "@/features/auth/use-auth";
import { setLanguage } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { currentUserFixture } from "@/test/render";
import { Toaster } from "@/ui/toaster";
import { TooltipProvider } from "@/ui/tooltip";
import { UserProfilePage } from "./user-profile-page";

const viewer = currentUserFixture();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Answers the current user; `users` decides what GET /api/users/{id} does. */
function stubServer(users: (url: string) => Promise<Response>, me = viewer) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === "/api/user") return json(me);
    if (url.startsWith("/api/users/"))
      return users(url).then(async (res) => {
        // A profile read answers the viewer's follow state and the follower count besides the person.
        if (!res.ok) return res;
        const body = await res.json();
        return json("fullName" in body ? { following: false, followers: 0, ...body } : body);
      });
    if (url.startsWith("/api/availability/user")) return json([]);
    return json({ message: "Not found" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <TooltipProvider>
          <Router hook={location.hook}>
            <Switch>
              <Route path="/users/:id" component={UserProfilePage} />
              <Route path="/">home</Route>
            </Switch>
          </Router>
          <Toaster />
        </TooltipProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return location;
}

it("a non-numeric id shows User Not Found without asking the server", async () => {
  const fetchMock = stubServer(async () => json({}));
  renderAt("/users/abc");
  expect(await screen.findByText("User Not Found")).toBeInTheDocument();
  expect(screen.getByText("The user profile you're looking for doesn't exist.")).toBeInTheDocument();
  expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith("/api/users/"))).toEqual([]);
});

it("shows a skeleton while the profile loads", async () => {
  stubServer(() => new Promise<Response>(() => {}));
  renderAt("/users/5");
  expect(await screen.findByTestId("profile-skeleton")).toBeInTheDocument();
});

it("a failed load toasts 'Could not load user profile' and goes home", async () => {
  stubServer(async () => new Response("boom", { status: 500 }));
  const location = renderAt("/users/5");
  expect(await screen.findByText("Could not load user profile")).toBeInTheDocument();
  expect(screen.getByText("Error")).toBeInTheDocument();
  await waitFor(() => expect(location.history.at(-1)).toBe("/"));
});

it("a missing user (404) shows User Not Found", async () => {
  stubServer(async () => json({ message: "User not found" }, 404));
  renderAt("/users/999999");
  expect(await screen.findByText("User Not Found")).toBeInTheDocument();
});

it("another user's profile: About {full name}, profession only when present, no e-mail; avatar falls back to the initial", async () => {
  stubServer(async (url) =>
    url === "/api/users/7"
      ? json({ ...viewer, id: 7, fullName: "Omar Other", username: "omar", email: undefined, profession: "", bio: "" })
      : json({ status: "none" }),
  );
  renderAt("/users/7");
  expect(await screen.findByText("About Omar Other")).toBeInTheDocument();
  expect(screen.getByText("@omar")).toBeInTheDocument();
  expect(screen.getByText("O")).toBeInTheDocument();
  expect(screen.queryByText("Profession")).not.toBeInTheDocument();
  expect(screen.queryByText("Email")).not.toBeInTheDocument();
  expect(screen.getByText("No bio provided.")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Message" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Follow" })).toHaveAttribute("aria-pressed", "false");
  expect(screen.getByTestId("follower-count")).toHaveTextContent("0 followers");
});

it("the own profile: About Me with Email and 'Not specified'", async () => {
  stubServer(async () => json(viewer));
  renderAt("/users/1");
  expect(await screen.findByText("About Me")).toBeInTheDocument();
  expect(screen.getByText("vera@example.com")).toBeInTheDocument();
  expect(screen.getByText("Not specified")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: /Edit Profile/ })).toHaveAttribute("href", "/profile");
});

describe("in Spanish and Arabic", () => {
  afterEach(async () => {
    await act(() => setLanguage("en"));
  });

  /** The viewer reads Link in `language` (their account's language is applied when they are read). */
  const someone = (language: "es" | "ar", followers: number) =>
    stubServer(
      async (url) =>
        url === "/api/users/7"
          ? json({ ...viewer, id: 7, fullName: "Omar Other", username: "omar", email: undefined, followers })
          : url.includes("/met-at")
            ? json([])
            : json({ status: "none" }),
      { ...viewer, language },
    );

  it("reads someone's profile in Spanish, the follower count by Spanish plurals", async () => {
    await act(() => setLanguage("es"));
    someone("es", 1);
    renderAt("/users/7");
    expect(await screen.findByText("Sobre Omar Other")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Perfil" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mensaje" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Seguir" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Disponibilidad" })).toBeInTheDocument();
    expect(screen.getByTestId("follower-count")).toHaveTextContent("1 seguidor");
    expect(screen.getByRole("button", { name: "Más acciones para Omar Other" })).toBeInTheDocument();
  });

  it("reads someone's profile in Arabic, the follower count by Arabic's plural forms", async () => {
    await act(() => setLanguage("ar"));
    someone("ar", 2);
    renderAt("/users/7");
    expect(await screen.findByText("نبذة عن Omar Other")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "مراسلة" })).toBeInTheDocument();
    expect(screen.getByTestId("follower-count")).toHaveTextContent("متابعان");
    expect(screen.getByText("@omar")).toHaveAttribute("dir", "auto");
    expect(document.documentElement.dir).toBe("rtl");
  });

  it("says a missing user in Spanish", async () => {
    await act(() => setLanguage("es"));
    stubServer(async () => json({}), { ...viewer, language: "es" });
    renderAt("/users/abc");
    expect(await screen.findByText("Usuario no encontrado")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ir al inicio" })).toBeInTheDocument();
  });
});
