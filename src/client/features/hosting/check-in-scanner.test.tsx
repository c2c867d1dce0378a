import { HOSTING_TEXTS } from "@contract/hosting-texts";
import { formatMessage } from "@contract/i18n/texts";
import { fireEvent, screen } from "@testing-library/react";
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
});
