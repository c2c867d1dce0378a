import type { InviteView } from "@contract/groups";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { setLanguage } from "@/lib/i18n";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { InvitePage } from "./invite-page";

const viewer = currentUserFixture({ timezone: "UTC" });

const hour = 3_600_000;
function view(invite: Partial<InviteView["invite"]>, extra: Partial<InviteView> = {}): InviteView {
  return {
    group: { name: "Trail Crew", description: "Weekend hikes", imageUrl: null, memberCount: 3 },
    invite: { expiresAt: new Date(Date.now() + 24 * hour).toISOString(), maxUses: 5, currentUses: 1, ...invite },
    invitedBy: { fullName: "Priya Shah", profileImage: null },
    ...extra,
  };
}

/** The invite page at /invite/abc against a stubbed server: `invite` answers the lookup (null = 404). */
function renderInvite(invite: InviteView | null, signedIn: boolean) {
  const calls: string[] = [];
  mockFetch((url, init) => {
    calls.push(`${init?.method ?? "GET"} ${url}`);
    if (url === "/api/user")
      return signedIn ? jsonResponse(200, viewer) : jsonResponse(401, { message: "Not signed in" });
    if (url === "/api/group-invite/abc") {
      return invite
        ? jsonResponse(200, invite)
        : jsonResponse(404, { message: "This invite link is invalid, expired, or has reached its usage limit." });
    }
    return jsonResponse(404, { message: "Not found" });
  });
  const location = memoryLocation({ path: "/invite/abc", record: true });
  renderWithProviders(
    <Router hook={location.hook}>
      <Switch>
        <Route path="/invite/:code" component={InvitePage} />
        <Route path="/groups">groups page</Route>
        <Route path="/">home</Route>
      </Switch>
    </Router>,
  );
  return { calls, location };
}

describe("InvitePage", () => {
  it("names who invited you", async () => {
    renderInvite(view({}), false);
    expect(await screen.findByText("Priya Shah invited you to join")).toBeInTheDocument();
  });

  it("without a known inviter it says only that you are invited", async () => {
    renderInvite(view({}, { invitedBy: null }), false);
    expect(await screen.findByText("You're invited to join")).toBeInTheDocument();
  });

  it("its button says what it does: Join <group>, for a visitor too", async () => {
    const { location } = renderInvite(view({}), false);
    await userEvent.click(await screen.findByRole("button", { name: "Join Trail Crew" }));
    expect(location.history?.at(-1)).toBe("/auth?redirect=/invite/abc");
  });

  it("shows an expired invite inline, with no Join for a member-to-be or a visitor", async () => {
    renderInvite(view({ expiresAt: new Date(Date.now() - hour).toISOString() }, { isMember: false }), true);
    expect(await screen.findByText("This invite has expired")).toBeInTheDocument();
    expect(screen.getByText("Trail Crew")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Join/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeEnabled();
  });

  it("shows an expired invite inline to a signed-out visitor without a Join button", async () => {
    renderInvite(view({ expiresAt: new Date(Date.now() - hour).toISOString() }), false);
    expect(await screen.findByText("This invite has expired")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Join/ })).not.toBeInTheDocument();
  });

  it("shows a used-up invite inline with no Join", async () => {
    renderInvite(view({ currentUses: 5 }, { isMember: false }), true);
    expect(await screen.findByText("This invite has reached its usage limit")).toBeInTheDocument();
    // How many people used the link is the admins' business, not the invited person's.
    expect(screen.queryByText(/uses/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Join/ })).not.toBeInTheDocument();
  });

  it("offers Join to a signed-in non-member of a live invite, and asks only after auth settled", async () => {
    const { calls } = renderInvite(view({}, { isMember: false }), true);
    expect(await screen.findByRole("button", { name: "Join Trail Crew" })).toBeEnabled();
    expect(calls.indexOf("GET /api/user")).toBeLessThan(calls.indexOf("GET /api/group-invite/abc"));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("tells a member they already belong and opens the group instead of joining", async () => {
    const { location } = renderInvite(view({ currentUses: 5 }, { isMember: true, groupId: 7 }), true);
    expect(await screen.findByText("You're already a member")).toBeInTheDocument();
    // Being used up does not concern someone who is already in.
    expect(screen.queryByText("This invite has reached its usage limit")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Join/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Open group" }));
    expect(await screen.findByText("groups page")).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe("/groups?group=7");
  });

  it("toasts 'Invite Not Found' for an unknown code", async () => {
    renderInvite(null, false);
    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("Invite Not Found");
    expect(toast).toHaveTextContent("This invite link is invalid, expired, or has reached its usage limit.");
  });
});

describe("InvitePage in Spanish and Arabic", () => {
  afterEach(() => setLanguage("en"));

  it("says who invited you, how many are in, and Join in Spanish", async () => {
    await setLanguage("es");
    renderInvite(view({}), false);
    expect(await screen.findByText("Priya Shah te invita a unirte a")).toBeInTheDocument();
    expect(screen.getByText("3 miembros")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unirme a Trail Crew" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Cancelar" })).toBeEnabled();
  });

  it("counts members by Arabic's plural forms and says an invite expired", async () => {
    await setLanguage("ar");
    renderInvite(
      view(
        { expiresAt: new Date(Date.now() - hour).toISOString() },
        { group: { name: "Trail Crew", description: "", imageUrl: null, memberCount: 2 } },
      ),
      false,
    );
    expect(await screen.findByText("انتهت صلاحية هذه الدعوة")).toBeInTheDocument();
    expect(screen.getByText("عضوان")).toBeInTheDocument();
    expect(screen.getByText("Priya Shah يدعوك للانضمام إلى")).toBeInTheDocument();
  });
});
