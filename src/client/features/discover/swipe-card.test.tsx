import type { FeedItem, UserSummary } from "@contract/events";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AvatarStack, friendsGoingText } from "./event-people";
import { SwipeCard } from "./swipe-card";

const person = (id: number): UserSummary => ({ id, fullName: `Person ${id}`, username: `p${id}`, profileImage: null });

function feedItem(overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    id: 11,
    title: "Rooftop dinner",
    description: "Tacos",
    date: "2030-06-01T23:00:00.000Z",
    location: "Roof",
    latitude: "",
    longitude: "",
    imageUrl: null,
    type: "social",
    category: null,
    friendGroupId: "all",
    hostId: 3,
    maxAttendees: null,
    goingCount: 0,
    tags: [],
    groupId: null,
    groupEventType: null,
    canceledAt: null,
    createdAt: "2030-01-01T00:00:00.000Z",
    host: person(3),
    attendees: [],
    attendeeCount: 0,
    friendsGoing: 0,
    distanceKm: null,
    score: 0,
    reasons: [],
    ...overrides,
  };
}

describe("friendsGoingText", () => {
  it("pluralises by one", () => {
    expect(friendsGoingText(1)).toBe("1 friend going");
    expect(friendsGoingText(2)).toBe("2 friends going");
    expect(friendsGoingText(12)).toBe("12 friends going");
  });
});

describe("AvatarStack", () => {
  it("shows nothing for nobody going", () => {
    const { container } = render(<AvatarStack attendees={[]} total={0} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows up to three avatars, each linking to the profile, and no +N when all fit", () => {
    render(<AvatarStack attendees={[person(1), person(2), person(3)]} total={3} />);
    const stack = screen.getByTestId("avatar-stack");
    const links = within(stack).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/users/1", "/users/2", "/users/3"]);
    expect(links.map((a) => a.getAttribute("aria-label"))).toEqual(["Person 1", "Person 2", "Person 3"]);
    expect(stack).not.toHaveTextContent("+");
  });

  it("shows three then +N for the rest of the total, even when the server sent more than three", () => {
    render(<AvatarStack attendees={[person(1), person(2), person(3), person(4)]} total={7} />);
    const stack = screen.getByTestId("avatar-stack");
    expect(within(stack).getAllByRole("link")).toHaveLength(3);
    expect(within(stack).getByText("+4")).toBeInTheDocument();
  });
});

describe("SwipeCard people row", () => {
  it("says 1 friend going for one friend", () => {
    render(<SwipeCard event={feedItem({ friendsGoing: 1, attendees: [person(1)], attendeeCount: 1 })} timezone="UTC" onAnswer={vi.fn()} />);
    expect(screen.getByText("1 friend going")).toBeInTheDocument();
    expect(screen.queryByText(/friends going/)).not.toBeInTheDocument();
  });

  it("says 2 friends going for two, with the stack's +N for a crowd", () => {
    render(
      <SwipeCard
        event={feedItem({ friendsGoing: 2, attendees: [person(1), person(2), person(4)], attendeeCount: 9 })}
        timezone="UTC"
        onAnswer={vi.fn()}
      />,
    );
    expect(screen.getByText("2 friends going")).toBeInTheDocument();
    const stack = screen.getByTestId("avatar-stack");
    expect(within(stack).getAllByRole("link")).toHaveLength(3);
    expect(within(stack).getByText("+6")).toBeInTheDocument();
  });

  it("hides the friends line when no friend goes", () => {
    render(<SwipeCard event={feedItem({ friendsGoing: 0 })} timezone="UTC" onAnswer={vi.fn()} />);
    expect(screen.queryByText(/going$/)).not.toBeInTheDocument();
    expect(screen.queryByTestId("avatar-stack")).not.toBeInTheDocument();
  });

  it("answers through the check and cross buttons", async () => {
    const onAnswer = vi.fn();
    render(<SwipeCard event={feedItem()} timezone="UTC" onAnswer={onAnswer} />);
    screen.getByRole("button", { name: "Going" }).click();
    screen.getByRole("button", { name: "Decline" }).click();
    expect(onAnswer.mock.calls).toEqual([["going"], ["declined"]]);
  });
});
