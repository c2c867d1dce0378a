import type { UserSummary } from "@contract/events";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/lib/i18n";
import { feedItemFixture } from "@/test/fixtures";
import { SwipeCard } from "./swipe-card";

const person = (id: number): UserSummary => ({ id, fullName: `Person ${id}`, username: `p${id}`, profileImage: null });

const card = (friendsGoing: number) =>
  feedItemFixture({
    host: person(3),
    friendsGoing,
    attendees: [person(1), person(2)],
    attendeeCount: 2,
    location: "Cafe Roma",
    latitude: "",
    longitude: "",
    distanceKm: 1.25,
    reasons: ["Fits your availability", "From someone you follow"],
  });

describe("the swipe card in other languages", () => {
  afterEach(async () => {
    await act(() => setLanguage("en"));
  });

  it("speaks Spanish: answers, plural friends, distance, place and reasons", async () => {
    await act(() => setLanguage("es"));
    render(<SwipeCard event={card(2)} timezone="UTC" onAnswer={vi.fn()} />);
    expect(screen.getByRole("button", { name: "Voy" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pasar" })).toBeInTheDocument();
    expect(screen.getByText("2 amigos van")).toBeInTheDocument();
    expect(screen.getByText(/^· 1,3 km$/)).toBeInTheDocument();
    expect(screen.getByText("· No está en el mapa")).toBeInTheDocument();
    expect(screen.getByText("Encaja con tu disponibilidad")).toBeInTheDocument();
    expect(screen.getByText("De alguien a quien sigues")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver perfil" })).toBeInTheDocument();
  });

  it("speaks Arabic with Arabic's plural forms, and keeps Pass on the left and Going on the right", async () => {
    await act(() => setLanguage("ar"));
    const { unmount } = render(<SwipeCard event={card(2)} timezone="UTC" onAnswer={vi.fn()} />);
    expect(screen.getByText("صديقان يحضران")).toBeInTheDocument();
    const going = screen.getByRole("button", { name: "سأحضر" });
    const pass = screen.getByRole("button", { name: "تخطٍّ" });
    expect(going.parentElement).toHaveAttribute("dir", "ltr");
    expect(pass.compareDocumentPosition(going) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();
    render(<SwipeCard event={card(3)} timezone="UTC" onAnswer={vi.fn()} />);
    expect(screen.getByText("3 أصدقاء يحضرون")).toBeInTheDocument();
    expect(document.documentElement.dir).toBe("rtl");
  });
});
