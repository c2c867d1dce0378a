import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatTime } from "@/lib/format-date";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { SlotDialog } from "./slot-dialog";

afterEach(() => vi.unstubAllGlobals());

const timezone = "Europe/Madrid";
const free = "2030-06-01T17:00:00.000Z";
const taken = "2030-06-01T17:30:00.000Z";

function renderDialog(onPick: (startsAt: string, note: string) => Promise<unknown>) {
  mockFetch((url) =>
    url.startsWith("/api/events/9/meeting-slots")
      ? jsonResponse(200, {
          slots: [
            { startsAt: free, endsAt: taken, taken: false },
            { startsAt: taken, endsAt: "2030-06-01T18:00:00.000Z", taken: true },
          ],
        })
      : jsonResponse(401, {}),
  );
  const onOpenChange = vi.fn();
  renderWithProviders(
    <SlotDialog
      eventId={9}
      timezone={timezone}
      person={{ id: 4, fullName: "Omar Ortiz" }}
      withNote
      open
      onOpenChange={onOpenChange}
      onPick={onPick}
    />,
  );
  return onOpenChange;
}

describe("SlotDialog", () => {
  it("sends the picked time with the trimmed note, then closes", async () => {
    const onPick = vi.fn(() => Promise.resolve());
    const onOpenChange = renderDialog(onPick);
    const send = screen.getByRole("button", { name: "Send request" });
    expect(send).toBeDisabled();
    await userEvent.click(await screen.findByRole("button", { name: formatTime(free, timezone) }));
    await userEvent.type(screen.getByLabelText("Note (optional)"), "  Robots ");
    await userEvent.click(send);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onPick).toHaveBeenCalledWith(free, "Robots");
  });

  it("a note the server would refuse is marked at the field, kept, and nothing is sent", async () => {
    const onPick = vi.fn(() => Promise.resolve());
    renderDialog(onPick);
    await userEvent.click(await screen.findByRole("button", { name: formatTime(free, timezone) }));
    const note = screen.getByLabelText("Note (optional)");
    await userEvent.click(note);
    await userEvent.paste("bell \u0007 here");
    await userEvent.click(screen.getByRole("button", { name: "Send request" }));
    // The first check waits for the form's schema, which loads after the dialog paints.
    await waitFor(() => expect(note).toHaveAttribute("aria-invalid", "true"));
    expect(note).toHaveAccessibleDescription("must not contain control characters");
    expect(note).toHaveValue("bell \u0007 here");
    expect(screen.getByRole("button", { name: formatTime(free, timezone) })).toHaveAttribute("aria-pressed", "true");
    expect(onPick).not.toHaveBeenCalled();
  });
});
