import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useAuth } from "@/features/auth/use-auth";
import { setLanguage } from "@/lib/i18n";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { CreateEventDialog } from "./create-event-dialog";

// The account speaks the language the test sets, so signing in does not switch it back.
const me = (language: string) => ({ ...currentUserFixture({ id: 42, timezone: "Asia/Tokyo" }), language });

function SignedIn() {
  const { user } = useAuth();
  return user ? <span data-testid="signed-in">{user.id}</span> : null;
}

async function openIn(language: "es" | "ar") {
  await act(() => setLanguage(language));
  mockFetch((url) => (url === "/api/user" ? jsonResponse(200, me(language)) : jsonResponse(200, [])));
  renderWithProviders(
    <>
      <SignedIn />
      <CreateEventDialog open onOpenChange={() => {}} />
    </>,
  );
  await screen.findByTestId("signed-in");
  return screen.getByRole("dialog");
}

describe("the create-event dialog in other languages", () => {
  afterEach(async () => {
    await act(() => setLanguage("en"));
  });

  it("speaks Spanish, and says what a refused submit misses under each field", async () => {
    const dialog = await openIn("es");
    expect(within(dialog).getByRole("heading", { name: "Crear evento" })).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Nombre del evento")).toHaveAttribute("placeholder", "Cena en La Tagliatella");
    expect(within(dialog).getByLabelText("Máximo de asistentes")).toHaveAttribute("placeholder", "Sin límite");
    await userEvent.click(within(dialog).getByRole("button", { name: "Crear evento" }));
    expect(await within(dialog).findByText("Ponle nombre al evento")).toBeInTheDocument();
    expect(within(dialog).getByText("Cuenta cuál es el plan")).toBeInTheDocument();
  });

  it("says a name is too long in Spanish, in the contract's words", async () => {
    const dialog = await openIn("es");
    const name = within(dialog).getByLabelText("Nombre del evento");
    fireEvent.change(name, { target: { value: "Cena ".repeat(41) } });
    await userEvent.click(within(dialog).getByRole("button", { name: "Crear evento" }));
    await waitFor(() => expect(name).toHaveAccessibleDescription("Un título tiene como máximo 200 caracteres"));
  });

  it("speaks Arabic, right to left", async () => {
    const dialog = await openIn("ar");
    expect(document.documentElement.dir).toBe("rtl");
    expect(within(dialog).getByRole("heading", { name: "فعالية جديدة" })).toBeInTheDocument();
    expect(within(dialog).getByRole("radiogroup", { name: "نوع الفعالية" })).toHaveAttribute("dir", "rtl");
    expect(within(dialog).getByRole("button", { name: "إنشاء الفعالية" })).toBeInTheDocument();
  });
});
