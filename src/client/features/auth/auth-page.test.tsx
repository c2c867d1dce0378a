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
  it("sent by an invite: Create account comes first, without a code, and registering sends the invite code", async () => {
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
    expect(screen.getByRole("tab", { name: "Create account" })).toHaveAttribute("aria-selected", "true");
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

  it("a returning person meets Log in, never the code screen", async () => {
    renderAuth("redirect=%2Fevents%2F5", signedOut);
    expect(await screen.findByRole("tab", { name: "Log in" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Username or e-mail")).toBeInTheDocument();
    expect(screen.queryByText("Have an early access code?")).not.toBeInTheDocument();
  });

  it("choosing Create account without a code opens the code screen, which leads back to Log in", async () => {
    renderAuth("", (url) => (url === "/api/access-grant" ? jsonResponse(200, { granted: false }) : signedOut()));
    await userEvent.click(await screen.findByRole("tab", { name: "Create account" }));
    expect(await screen.findByText("Have an early access code?")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByLabelText("Username or e-mail")).toBeInTheDocument();
  });

  it("a verified code leads to Create account, not Log in", async () => {
    renderAuth("", (url) =>
      url === "/api/access-codes/verify"
        ? jsonResponse(200, { valid: true })
        : url === "/api/access-grant"
          ? jsonResponse(200, { granted: false })
          : signedOut(),
    );
    await userEvent.click(await screen.findByRole("tab", { name: "Create account" }));
    await userEvent.type(await screen.findByLabelText("Access code"), "1234567890");
    await userEvent.click(await screen.findByRole("button", { name: "Continue to App" }));
    expect(await screen.findByRole("tab", { name: "Create account" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Confirm Password")).toBeInTheDocument();
    expect(screen.queryByText("Welcome to Link")).not.toBeInTheDocument();
  });

  it("a grant still good after a reload opens Create account without the gate", async () => {
    renderAuth("", (url) => (url === "/api/access-grant" ? jsonResponse(200, { granted: true }) : signedOut()));
    const createTab = await screen.findByRole("tab", { name: "Create account" });
    await waitFor(() => expect(screen.getByRole("tab", { name: "Log in" })).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await userEvent.click(createTab);
    expect(await screen.findByLabelText("Confirm Password")).toBeInTheDocument();
    expect(screen.queryByText("Have an early access code?")).not.toBeInTheDocument();
  });

  it("a pasted invite link opens its invite", async () => {
    const { location } = renderAuth("", signedOut);
    await userEvent.click(await screen.findByRole("tab", { name: "Create account" }));
    await userEvent.click(await screen.findByRole("button", { name: "Have an invite link?" }));
    await userEvent.type(screen.getByLabelText("Invite link"), "not a link");
    await userEvent.click(screen.getByRole("button", { name: "Open invite" }));
    expect(await screen.findByText(/Paste the whole invite link/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Invite link"));
    await userEvent.type(screen.getByLabelText("Invite link"), "https://link.example/invite/AbC_12-xyz");
    await userEvent.click(screen.getByRole("button", { name: "Open invite" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/invite/AbC_12-xyz"));
  });

  it("a text that is no invite link is marked at the field until typed again, kept, and opens nothing", async () => {
    const { location } = renderAuth("", signedOut);
    await userEvent.click(await screen.findByRole("tab", { name: "Create account" }));
    await userEvent.click(await screen.findByRole("button", { name: "Have an invite link?" }));
    const field = screen.getByLabelText("Invite link");
    await userEvent.type(field, "https://link.example/events/4");
    await userEvent.click(screen.getByRole("button", { name: "Open invite" }));
    // The first check waits for the form's schema, which loads after the page paints.
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription("Paste the whole invite link, like https://…/invite/abc123");
    expect(field).toHaveValue("https://link.example/events/4");
    expect(location.history?.at(-1)).toBe("/auth");
    await userEvent.type(field, "2");
    expect(field).toHaveAttribute("aria-invalid", "false");
  });

  it("Google refused to enter an unverified account: says why and offers the password sign-in directly", async () => {
    renderAuth("error=google-link", signedOut);
    expect(await screen.findByRole("alert")).toHaveTextContent(GOOGLE_SIGN_IN_ERRORS["google-link"]);
    expect(screen.getByRole("button", { name: "Log in" })).toBeInTheDocument();
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

  it("any other Google failure shows its message above Log in", async () => {
    renderAuth("error=google", signedOut);
    expect(await screen.findByRole("alert")).toHaveTextContent(GOOGLE_SIGN_IN_ERRORS.google);
    expect(screen.getByLabelText("Username or e-mail")).toBeInTheDocument();
  });

  it("Google sent back for want of a code: the code screen comes", async () => {
    renderAuth("error=google-grant", signedOut);
    expect(await screen.findByRole("alert")).toHaveTextContent(GOOGLE_SIGN_IN_ERRORS["google-grant"]);
    expect(screen.getByText("Have an early access code?")).toBeInTheDocument();
  });
});
