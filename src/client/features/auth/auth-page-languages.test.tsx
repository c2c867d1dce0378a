import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { setLanguage } from "@/lib/i18n";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { AuthPage } from "./auth-page";

function renderSignIn() {
  mockFetch(() => jsonResponse(401, { message: "Not signed in" }));
  const location = memoryLocation({ path: "/auth", record: true });
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Switch>
        <Route path="/auth" component={AuthPage} />
      </Switch>
    </Router>,
  );
}

afterEach(async () => {
  await act(() => setLanguage("en"));
});

describe("the sign-in screen in each language", () => {
  it("speaks Spanish, left to right", async () => {
    await act(() => setLanguage("es"));
    renderSignIn();
    expect(await screen.findByText("Hola de nuevo")).toBeInTheDocument();
    expect(screen.getByText("Conecta con amigos y profesionales")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Entrar" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Crear cuenta" })).toBeInTheDocument();
    expect(screen.getByLabelText("Contraseña")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("es");
    expect(document.documentElement.dir).toBe("ltr");
  });

  it("speaks Arabic, right to left", async () => {
    await act(() => setLanguage("ar"));
    renderSignIn();
    expect(await screen.findByText("مرحبًا بعودتك")).toBeInTheDocument();
    expect(screen.getByText("تواصل مع الأصدقاء والمحترفين")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "إنشاء حساب" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("ar");
    expect(document.documentElement.dir).toBe("rtl");
  });
});
