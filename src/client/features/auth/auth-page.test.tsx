import { GOOGLE_SIGN_IN_ERRORS } from "@contract/auth";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { AuthPage } from "./auth-page";

function renderAuth(search: string, handler: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch(handler);
  const location = memoryLocation({ path: "/auth", searchPath: search, record: true });
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Switch>
        <Route path="/auth" component={AuthPage} />
        <Route path="/">home</Route>
      </Switch>
    </Router>,
  );
  return { fetchMock, location };
}
const signedOut = () => jsonResponse(401, { message: "Not signed in" });

afterEach(() => window.history.replaceState(null, "", "/"));

describe("AuthPage", () => {
  it("sent by an invite (issue 12.3): the sign-in card comes directly and registering sends the invite code", async () => {
    const { fetchMock } = renderAuth("redirect=/invite/abc123", (url) =>
      url === "/api/register"
        ? jsonResponse(201, {
            ...currentUserFixture({ fullName: "Nia New" }),
            joinedGroup: { id: 7, name: "Trail Crew" },
          })
        : signedOut(),
    );
    expect(await screen.findByText("Your invite lets you in: no access code needed.")).toBeInTheDocument();
    expect(screen.queryByText("Have an early access code?")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Register" }));
    await userEvent.type(screen.getByLabelText("Full Name"), "Nia New");
    await userEvent.type(screen.getByLabelText("Username"), "nia");
    await userEvent.type(screen.getByLabelText("Email"), "nia@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/register")).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/register") ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ username: "nia", inviteCode: "abc123" });
    expect(await screen.findByText("Welcome to Link, Nia! You joined Trail Crew.")).toBeInTheDocument();
    // The new member lands in the group the invite joined them to.
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe("/groups?group=7"));
  });

  it("without an invite the early-access gate comes first", async () => {
    renderAuth("", signedOut);
    expect(await screen.findByText("Have an early access code?")).toBeInTheDocument();
    expect(screen.queryByText("Your invite lets you in: no access code needed.")).not.toBeInTheDocument();
  });

  it("a reload after verifying a code (grant cookie still good) shows the sign-in card, and Change code still reopens the gate", async () => {
    const { fetchMock } = renderAuth("", (url) =>
      url === "/api/access-grant" ? jsonResponse(200, { granted: true }) : signedOut(),
    );
    expect(await screen.findByRole("tab", { name: "Register" })).toBeInTheDocument();
    expect(screen.queryByText("Have an early access code?")).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/access-grant")).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Change code" }));
    expect(await screen.findByText("Have an early access code?")).toBeInTheDocument();
  });

  it("without a good grant the gate stays", async () => {
    renderAuth("", (url) => (url === "/api/access-grant" ? jsonResponse(200, { granted: false }) : signedOut()));
    expect(await screen.findByText("Have an early access code?")).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Register" })).not.toBeInTheDocument();
  });

  it("Google refused to enter an unverified account (issue 9.13): says why and offers the password sign-in directly", async () => {
    renderAuth("error=google-link", signedOut);
    expect(await screen.findByRole("alert")).toHaveTextContent(GOOGLE_SIGN_IN_ERRORS["google-link"]);
    expect(screen.getByRole("button", { name: "Login" })).toBeInTheDocument();
    expect(screen.queryByText("Have an early access code?")).not.toBeInTheDocument();
  });

  it("once the owner is signed in, they confirm the link (or skip it)", async () => {
    const { location } = renderAuth("error=google-link", (url) =>
      url === "/api/user" ? jsonResponse(200, currentUserFixture()) : signedOut(),
    );
    expect(await screen.findByText("Link your Google account?")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Link Google account" })).toHaveAttribute(
      "href",
      "/api/auth/google?link=1",
    );
    await userEvent.click(screen.getByRole("button", { name: "Not now" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/"));
  });

  it("any other Google failure shows its message on the gate", async () => {
    renderAuth("error=google", signedOut);
    expect(await screen.findByRole("alert")).toHaveTextContent(GOOGLE_SIGN_IN_ERRORS.google);
    expect(screen.getByText("Have an early access code?")).toBeInTheDocument();
  });
});
