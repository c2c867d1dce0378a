import { HOSTING_TEXTS } from "@contract/hosting-texts";
import { formatMessage } from "@contract/i18n/texts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { CheckInScanner } from "./check-in-scanner";

describe("the host's check-in", () => {
  it("says why a code typed before check-in opens is refused, in the server's words", async () => {
    const early = formatMessage("en", HOSTING_TEXTS.checkInNotOpen, { hours: 12 });
    const fetchMock = mockFetch((url, init) =>
      url.endsWith("/api/events/7/check-ins") && init?.method === "POST"
        ? jsonResponse(409, { message: early, code: "hosting.checkInNotOpen" })
        : jsonResponse(401, { message: "Not signed in" }),
    );
    renderWithProviders(<CheckInScanner eventId={7} />);
    fireEvent.change(screen.getByLabelText("Ticket code"), { target: { value: "K7Q 4MZ" } });
    fireEvent.click(screen.getByRole("button", { name: "Check in" }));
    expect(await screen.findByText("Check-in opens 12 hours before the event starts")).toHaveAttribute(
      "data-testid",
      "check-in-result",
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/check-ins"))).toBe(true);
  });

  it("a typed code the server would refuse is marked at the field, kept, and nothing is sent", async () => {
    const fetchMock = mockFetch();
    renderWithProviders(<CheckInScanner eventId={7} />);
    const field = screen.getByLabelText("Ticket code");
    await userEvent.click(field);
    await userEvent.paste("K7Q\u00074MZ");
    await userEvent.click(screen.getByRole("button", { name: "Check in" }));
    // The first check waits for the form's schema, which loads after the page paints.
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(
      "The 6 characters under the guest's QR code must not contain control characters",
    );
    expect(field).toHaveValue("K7Q\u00074MZ");
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/check-ins"))).toBe(false);
  });
});
