import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "@/lib/i18n";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { RespondDialog } from "./respond-dialog";
import { SeriesLabel } from "./series";

// Saturday 28 November 2026, 19:00 in Madrid.
const saturday = { date: "2026-11-28T18:00:00.000Z", timezone: "Europe/Madrid" };
const event = {
  id: 1,
  title: "Board games",
  questions: [{ id: "q1", text: "Which game will you bring?", required: true }],
  maxGuestsPerPerson: 2,
};

describe("hosting in Spanish and Arabic", () => {
  afterEach(async () => {
    await act(() => setLanguage("en"));
  });

  it("names a series' weekday and day of the month in the reader's language", async () => {
    mockFetch();
    await act(() => setLanguage("es"));
    const { rerender } = renderWithProviders(<SeriesLabel event={{ ...saturday, recurrence: "weekly" }} />);
    expect(screen.getByTestId("series-label")).toHaveTextContent("Cada sábado");
    rerender(<SeriesLabel event={{ ...saturday, recurrence: "monthly" }} />);
    expect(screen.getByTestId("series-label")).toHaveTextContent("Cada mes, el día 28");
    await act(() => setLanguage("ar"));
    rerender(<SeriesLabel event={{ ...saturday, recurrence: "weekly" }} />);
    expect(screen.getByTestId("series-label")).toHaveTextContent("كل يوم السبت");
  });

  it("keeps the English of a series as it was", async () => {
    mockFetch();
    const { rerender } = renderWithProviders(<SeriesLabel event={{ ...saturday, recurrence: "biweekly" }} />);
    expect(screen.getByTestId("series-label")).toHaveTextContent("Every other Saturday");
    rerender(<SeriesLabel event={{ ...saturday, recurrence: "monthly" }} />);
    expect(screen.getByTestId("series-label")).toHaveTextContent("Monthly on the 28th");
  });

  it("asks to join in Spanish: the host's question as written, plus-ones counted", async () => {
    mockFetch(() => jsonResponse(401, { message: "Not signed in" }));
    await act(() => setLanguage("es"));
    renderWithProviders(<RespondDialog event={event} status="going" onOpenChange={() => {}} />);
    expect(await screen.findByRole("dialog", { name: "Unirme" })).toBeInTheDocument();
    expect(screen.getByText("Which game will you bring?")).toHaveAttribute("dir", "auto");
    expect(screen.getByRole("option", { name: "Solo yo" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Yo + 2" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Confirmar" })).toBeInTheDocument();
  });

  it("asks to apply in Arabic", async () => {
    mockFetch(() => jsonResponse(401, { message: "Not signed in" }));
    await act(() => setLanguage("ar"));
    renderWithProviders(<RespondDialog event={event} status="pending" onOpenChange={() => {}} />);
    expect(await screen.findByRole("dialog", { name: "تقديم طلب" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "إرسال الطلب" })).toBeInTheDocument();
    expect(screen.getByLabelText("المرافقون")).toBeInTheDocument();
  });
});
