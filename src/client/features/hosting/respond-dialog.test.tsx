import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { RespondDialog } from "./respond-dialog";

afterEach(() => vi.unstubAllGlobals());

const event = {
  id: 5,
  title: "Picnic",
  questions: [
    { id: "food", text: "Any allergies?", required: true },
    { id: "ride", text: "Need a ride?", required: false },
  ],
  maxGuestsPerPerson: 2,
};

function signedIn() {
  return mockFetch((url) => {
    if (url === "/api/user") return jsonResponse(200, currentUserFixture({ id: 3 }));
    if (url === "/api/event-participants") return jsonResponse(201, { eventId: 5, userId: 3, status: "going" });
    return jsonResponse(404, {});
  });
}

const responses = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url]) => url === "/api/event-participants")
    .map(([, init]) => JSON.parse(String(init?.body)));

describe("RespondDialog", () => {
  it("an unanswered required question is marked under it, what was typed stays, and nothing is sent", async () => {
    const fetchMock = signedIn();
    renderWithProviders(<RespondDialog event={event} status="going" onOpenChange={() => {}} />);
    await userEvent.type(screen.getByLabelText("Need a ride?"), "Yes please");
    await userEvent.selectOptions(screen.getByLabelText("Plus-ones"), "Me + 1");
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    const allergies = screen.getByLabelText("Any allergies?");
    // The first check waits for the form's schema, which loads after the dialog paints.
    await waitFor(() => expect(allergies).toHaveAttribute("aria-invalid", "true"));
    expect(allergies).toHaveAccessibleDescription("Please answer this question");
    expect(await screen.findByText("Please answer: Any allergies?")).toBeInTheDocument();
    expect(screen.getByLabelText("Need a ride?")).toHaveValue("Yes please");
    expect(screen.getByLabelText("Need a ride?")).toHaveAttribute("aria-invalid", "false");
    expect(screen.getByLabelText("Plus-ones")).toHaveValue("1");
    expect(responses(fetchMock)).toEqual([]);
  });

  it("sends the trimmed answers given and the plus-ones, then closes", async () => {
    const fetchMock = signedIn();
    const onOpenChange = vi.fn();
    renderWithProviders(
      <RespondDialog event={event} status="going" done="You're going!" onOpenChange={onOpenChange} />,
    );
    await screen.findByRole("dialog", { name: "Join" });
    // Signed in before answering: the dialog sends nothing for a visitor.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === "/api/user")).toBe(true));
    await userEvent.type(screen.getByLabelText("Any allergies?"), "  Peanuts ");
    await userEvent.selectOptions(screen.getByLabelText("Plus-ones"), "Me + 2");
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(responses(fetchMock)).toEqual([
      { eventId: 5, userId: 3, status: "going", answers: { food: "Peanuts" }, guests: 2 },
    ]);
  });
});
