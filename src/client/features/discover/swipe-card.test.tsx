import type { FeedItem, UserSummary } from "@contract/events";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { coverKindOf } from "@/features/events/event-cover";
import { feedItemFixture } from "@/test/fixtures";
import { AvatarStack, friendsGoingText } from "./event-people";
import { NextCard, SwipeCard } from "./swipe-card";

const person = (id: number): UserSummary => ({ id, fullName: `Person ${id}`, username: `p${id}`, profileImage: null });

const feedItem = (overrides: Partial<FeedItem> = {}) => feedItemFixture({ host: person(3), ...overrides });

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
    render(
      <SwipeCard
        event={feedItem({ friendsGoing: 1, attendees: [person(1)], attendeeCount: 1 })}
        timezone="UTC"
        onAnswer={vi.fn()}
      />,
    );
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

describe("SwipeCard", () => {
  it("says 'N friends going' once, even when it is also one of the reasons", () => {
    render(
      <SwipeCard
        event={feedItem({
          friendsGoing: 2,
          attendees: [person(1), person(2)],
          attendeeCount: 2,
          reasons: ["2 friends going", "Fits your availability"],
        })}
        timezone="UTC"
        onAnswer={vi.fn()}
      />,
    );
    expect(screen.getAllByText("2 friends going")).toHaveLength(1);
    expect(screen.getByText("Fits your availability")).toBeInTheDocument();
  });

  it("shows the uploaded cover in every size, or else the category's illustration", () => {
    const { unmount } = render(
      <SwipeCard
        event={feedItem({ imageUrl: "/api/uploads/abcdefghijklmnopqrstuv" })}
        timezone="UTC"
        onAnswer={vi.fn()}
      />,
    );
    const photo = screen.getByTestId("event-cover-photo");
    expect(photo).toHaveAttribute("src", "/api/uploads/abcdefghijklmnopqrstuv");
    expect(photo.getAttribute("srcset")).toBe(
      "/api/uploads/abcdefghijklmnopqrstuv/320 320w, /api/uploads/abcdefghijklmnopqrstuv/640 640w, /api/uploads/abcdefghijklmnopqrstuv/1280 1280w",
    );
    unmount();
    render(
      <SwipeCard
        event={feedItem({ title: "Sunset Yoga", tags: ["yoga", "outdoor"] })}
        timezone="UTC"
        onAnswer={vi.fn()}
      />,
    );
    const art = screen.getByTestId("event-cover-illustration");
    expect(art).toHaveAttribute("data-kind", "fitness");
    expect(art.getAttribute("src")).toMatch(/fitness.*\.svg/);
  });

  it("the next card below is hidden from assistive technology and cannot be focused", () => {
    render(<NextCard event={feedItem({ title: "Next up" })} timezone="UTC" />);
    const next = screen.getByTestId("next-card");
    expect(next).toHaveAttribute("aria-hidden", "true");
    expect(next).toHaveAttribute("inert");
    expect(screen.queryByRole("button", { name: "Going" })).not.toBeInTheDocument();
  });
});

describe("coverKindOf", () => {
  it("picks the first matching category, networking for networking, social otherwise", () => {
    expect(coverKindOf({ type: "social", title: "Taco crawl", tags: ["food"] })).toBe("food");
    expect(coverKindOf({ type: "social", title: "Retro Game Night", tags: [] })).toBe("gaming");
    expect(coverKindOf({ type: "networking", title: "Fintech Happy Hour", tags: ["finance", "drinks"] })).toBe(
      "networking",
    );
    expect(coverKindOf({ type: "social", title: "Meet the neighbours", tags: [] })).toBe("social");
  });
});
