import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { UserSafetyMenu } from "./user-safety-menu";

afterEach(() => vi.unstubAllGlobals());

/** The server as the dialog meets it: one event the person hosts, one they co-host for someone else. */
function serverWithEvents() {
  return mockFetch((url, init) => {
    if (url.endsWith("/api/blocks/7/events"))
      return jsonResponse(200, {
        leaving: [{ id: 1, title: "Noa's Rooftop", date: "2030-01-01T18:00:00.000Z" }],
        keepable: [{ id: 2, title: "Harbour Picnic", date: "2030-01-02T18:00:00.000Z" }],
      });
    if (url.endsWith("/api/blocks") && init?.method === "POST") return jsonResponse(200, { message: "Blocked" });
    if (url.includes("/api/blocks")) return jsonResponse(200, []);
    return jsonResponse(401, { message: "Not signed in" });
  });
}

const blockBodies = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith("/api/blocks") && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init?.body)));

describe("the block dialog", () => {
  async function openDialog() {
    await userEvent.click(screen.getByRole("button", { name: "More actions for Noa" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Block" }));
    return screen.findByRole("alertdialog");
  }

  it("names the events it would leave and keeps someone else's event unless the box is cleared", async () => {
    const fetchMock = serverWithEvents();
    renderWithProviders(<UserSafetyMenu userId={7} name="Noa" />);
    const dialog = await openDialog();
    expect(await within(dialog).findByRole("list", { name: "You will leave the events Noa hosts:" })).toHaveTextContent(
      "Noa's Rooftop",
    );
    expect(within(dialog).getByRole("list", { name: "Noa co-hosts these events for someone else:" })).toHaveTextContent(
      "Harbour Picnic",
    );
    const keep = within(dialog).getByRole("checkbox", { name: /Keep my place at these events/ });
    expect(keep).toBeChecked();
    await userEvent.click(within(dialog).getByRole("button", { name: "Block" }));
    await waitFor(() => expect(blockBodies(fetchMock)).toEqual([{ userId: 7, keepEvents: true }]));
  });

  it("leaves them too when the person clears the box", async () => {
    const fetchMock = serverWithEvents();
    renderWithProviders(<UserSafetyMenu userId={7} name="Noa" />);
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole("checkbox", { name: /Keep my place at these events/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Block" }));
    await waitFor(() => expect(blockBodies(fetchMock)).toEqual([{ userId: 7, keepEvents: false }]));
  });
});
