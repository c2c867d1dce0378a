import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AttendeeList } from "./attendee-list";

describe("AttendeeList", () => {
  it("says the hosts keep the list private under the count, never that no one joined", () => {
    render(<AttendeeList event={{ attendees: [], attendeeCount: 1, guestListHidden: true }} />);
    expect(screen.getByText("Attendees (1)")).toBeInTheDocument();
    expect(screen.getByText("1 going — the hosts keep the guest list private")).toBeInTheDocument();
    expect(screen.queryByText("No one has joined yet.")).not.toBeInTheDocument();
  });

  it("lists the people going when the viewer may see them, and says so when nobody is", () => {
    const ada = { id: 7, fullName: "Ada Lovelace", username: "ada", profileImage: null, guests: 1 };
    const { rerender } = render(
      <AttendeeList event={{ attendees: [ada], attendeeCount: 1, guestListHidden: false }} />,
    );
    expect(screen.getByRole("link", { name: /Ada Lovelace/ })).toHaveAttribute("href", "/users/7");
    expect(screen.getByTestId("attendee-guests")).toHaveTextContent("+1");
    rerender(<AttendeeList event={{ attendees: [], attendeeCount: 0, guestListHidden: false }} />);
    expect(screen.getByText("No one has joined yet.")).toBeInTheDocument();
  });
});
