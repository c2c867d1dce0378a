import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/lib/i18n";
import { feedItemFixture } from "@/test/fixtures";
import { springFrames } from "./card-motion";
import { NextCard, SwipeCard } from "./swipe-card";

const pointer = { pointerId: 1, isPrimary: true, button: 0 };

/** A mouse press on `target`, moved `dx` px in steps, then let go: what the deck's drag sees. */
function drag(target: HTMLElement, dx: number) {
  fireEvent.pointerDown(target, { ...pointer, clientX: 100, clientY: 100 });
  for (let i = 1; i <= 5; i++) fireEvent.pointerMove(window, { ...pointer, clientX: 100 + (dx * i) / 5, clientY: 101 });
  fireEvent.pointerUp(window, { ...pointer, clientX: 100 + dx, clientY: 101 });
}

describe("dragging the swipe card", () => {
  afterEach(async () => {
    await act(() => setLanguage("en"));
    window.history.replaceState(null, "", "/");
  });

  it("answers only past 150 px: right is Going and left is Pass, in a right-to-left language too", async () => {
    await act(() => setLanguage("ar"));
    expect(document.documentElement.dir).toBe("rtl");
    const onAnswer = vi.fn();
    render(<SwipeCard event={feedItemFixture()} timezone="UTC" onAnswer={onAnswer} />);
    const card = screen.getByTestId("swipe-card");
    drag(card, 100);
    drag(card, -149);
    expect(onAnswer).not.toHaveBeenCalled();
    drag(card, 220);
    // Answered alone, without a deck to take it away, the card springs back on the next frame.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    drag(card, -220);
    expect(onAnswer.mock.calls).toEqual([["going"], ["declined"]]);
  });

  it("follows the pointer on the card's own style: tilt, the side's stamp, the card below rising", () => {
    const below = createRef<HTMLDivElement>();
    render(
      <>
        <NextCard ref={below} event={feedItemFixture({ id: 2 })} timezone="UTC" />
        <SwipeCard event={feedItemFixture()} timezone="UTC" onAnswer={vi.fn()} nextCard={below} />
      </>,
    );
    const card = screen.getByTestId("swipe-card");
    expect(below.current?.style.transform).toBe("translateY(26px) scale(0.94)");
    fireEvent.pointerDown(card, { ...pointer, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(window, { ...pointer, clientX: 175, clientY: 100 });
    expect(card.style.transform).toBe("translateX(75px) rotate(3deg)");
    expect(screen.getByText("GOING").style.opacity).toBe("0.5");
    expect(screen.getByText("PASS").style.opacity).toBe("0");
    expect(below.current?.style.transform).toBe("translateY(13px) scale(0.97)");
    fireEvent.pointerUp(window, { ...pointer, clientX: 175, clientY: 100 });
  });

  it("a drag that ends over the title does not open the event; a tap does", () => {
    const event = feedItemFixture({ id: 7, title: "Rooftop Party" });
    render(<SwipeCard event={event} timezone="UTC" onAnswer={vi.fn()} />);
    const title = screen.getByRole("link", { name: "Rooftop Party" });
    drag(title, 60);
    fireEvent.click(title, { detail: 1 });
    expect(window.location.pathname).toBe("/");
    fireEvent.pointerDown(title, { ...pointer, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(window, { ...pointer, clientX: 100, clientY: 100 });
    fireEvent.click(title, { detail: 1 });
    expect(window.location.pathname).toBe("/events/7");
  });
});

describe("springFrames", () => {
  it("brings a card let go at 120 px back to 0 in under half a second, overshooting a little", () => {
    const frames = springFrames(120, 0);
    expect(frames[0]).toBe(120);
    expect(frames.at(-1)).toBe(0);
    expect(frames.length * (1000 / 60)).toBeLessThan(500);
    expect(Math.min(...frames)).toBeLessThan(0);
    expect(Math.min(...frames)).toBeGreaterThan(-10);
  });
});
