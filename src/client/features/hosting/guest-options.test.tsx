import type { EventDetail } from "@contract/events";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { GuestOptions } from "./guest-options";

afterEach(() => vi.unstubAllGlobals());

// Only what Guest options reads: a date of a weekly series that asks one question.
const event = {
  id: 5,
  title: "Board games",
  seriesId: 9,
  questions: [{ id: "game", text: "Which game will you bring?", required: true }],
  maxGuestsPerPerson: 1,
  guestList: "everyone",
  waitlistMode: "instant",
} as EventDetail;

function server() {
  return mockFetch((_url, init) =>
    init?.method === "PATCH"
      ? jsonResponse(200, { ...event, ...JSON.parse(String(init.body)) })
      : jsonResponse(401, {}),
  );
}

const saves = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === "PATCH")
    .map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) }));

describe("GuestOptions", () => {
  it("an empty question is marked under it, what was typed stays, and nothing is sent", async () => {
    const fetchMock = server();
    renderWithProviders(<GuestOptions event={event} />);
    const first = screen.getByLabelText("Question 1");
    await userEvent.clear(first);
    await userEvent.type(first, "Which board game?");
    await userEvent.click(screen.getByRole("button", { name: "Add a question" }));
    await userEvent.type(screen.getByLabelText("Question 2"), "   ");
    await userEvent.selectOptions(screen.getByLabelText("Plus-ones per person"), "3");
    await userEvent.click(screen.getByRole("button", { name: "Save guest options" }));
    const second = screen.getByLabelText("Question 2");
    // The first check waits for the form's schema, which loads after the form paints.
    await waitFor(() => expect(second).toHaveAttribute("aria-invalid", "true"));
    expect(second).toHaveAccessibleDescription("A question needs its text");
    expect(screen.getByLabelText("Question 1")).toHaveValue("Which board game?");
    expect(screen.getByLabelText("Question 1")).toHaveAttribute("aria-invalid", "false");
    expect(screen.getByLabelText("Plus-ones per person")).toHaveValue("3");
    expect(saves(fetchMock)).toEqual([]);
  });

  it("saves the questions trimmed, a new one without an id, with the other options, for the following dates", async () => {
    const fetchMock = server();
    renderWithProviders(<GuestOptions event={event} />);
    await userEvent.click(screen.getByRole("button", { name: "Add a question" }));
    await userEvent.type(screen.getByLabelText("Question 2"), "  Need a ride? ");
    await userEvent.click(screen.getAllByRole("checkbox", { name: "Required" })[1]);
    await userEvent.selectOptions(screen.getByLabelText("Plus-ones per person"), "2");
    await userEvent.selectOptions(screen.getByLabelText("Who sees who is going"), "Only the hosts");
    await userEvent.click(screen.getByRole("checkbox", { name: /an hour to confirm a freed seat/ }));
    await userEvent.click(screen.getByRole("button", { name: "Save guest options" }));
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(saves(fetchMock)).toEqual([
      {
        url: "/api/events/5?scope=following",
        body: {
          questions: [
            { id: "game", text: "Which game will you bring?", required: true },
            { text: "Need a ride?", required: true },
          ],
          maxGuestsPerPerson: 2,
          guestList: "hosts",
          waitlistMode: "confirm",
        },
      },
    ]);
    expect(await screen.findByText("Board games: this and the following dates")).toBeInTheDocument();
  });

  it("saves only this date when told, and a removed question is gone", async () => {
    const fetchMock = server();
    renderWithProviders(<GuestOptions event={event} />);
    await userEvent.click(screen.getByRole("button", { name: "Remove question 1" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Also change the following dates" }));
    await userEvent.click(screen.getByRole("button", { name: "Save guest options" }));
    await waitFor(() => expect(saves(fetchMock)).toHaveLength(1));
    expect(saves(fetchMock)).toEqual([
      {
        url: "/api/events/5",
        body: { questions: [], maxGuestsPerPerson: 1, guestList: "everyone", waitlistMode: "instant" },
      },
    ]);
  });
});
