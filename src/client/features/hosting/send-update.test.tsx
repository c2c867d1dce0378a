import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { SendUpdate } from "./send-update";

afterEach(() => vi.unstubAllGlobals());

function sent(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([url]) => url === "/api/events/8/updates")
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe("SendUpdate", () => {
  it("sends the trimmed message to the chosen guests and empties the field", async () => {
    const fetchMock = mockFetch((url) =>
      url === "/api/events/8/updates"
        ? jsonResponse(201, { id: 1, message: "North gate", audience: ["going", "waitlisted"], createdAt: "" })
        : jsonResponse(401, {}),
    );
    renderWithProviders(<SendUpdate eventId={8} />);
    const button = screen.getByRole("button", { name: "Send update" });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Send an update to guests"), "  North gate ");
    await userEvent.click(screen.getByRole("checkbox", { name: "Waitlist" }));
    await userEvent.click(button);
    expect(await screen.findByText("Update sent")).toBeInTheDocument();
    expect(sent(fetchMock)).toEqual([{ message: "North gate", audience: ["going", "waitlisted"] }]);
    expect(screen.getByLabelText("Send an update to guests")).toHaveValue("");
  });

  it("a message the server would refuse is marked at the field, kept, and nothing is sent", async () => {
    const fetchMock = mockFetch();
    renderWithProviders(<SendUpdate eventId={8} />);
    const field = screen.getByLabelText("Send an update to guests");
    await userEvent.click(field);
    await userEvent.paste("gate \u0007 closed");
    await userEvent.click(screen.getByRole("button", { name: "Send update" }));
    // The first check waits for the form's schema, which loads after the page paints.
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription("must not contain control characters");
    expect(field).toHaveValue("gate \u0007 closed");
    expect(sent(fetchMock)).toEqual([]);
  });
});
