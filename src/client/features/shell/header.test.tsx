import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ThemeProvider } from "@/lib/theme";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { Header } from "./header";

// The menu's code arrives only when the test lets it: the header shows its stand-in button until then.
const menuCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock("./account-menu", async () => {
  await menuCode.arrived;
  return {
    AccountMenu: ({ defaultOpen }: { defaultOpen?: boolean }) => (
      <div role="menu" aria-label="Account">
        {defaultOpen ? "open" : "closed"}
      </div>
    ),
  };
});
// The page is idle from the start: the menu's code is already being fetched when the person taps.
vi.mock("@/lib/after-load", async (original) => ({
  ...(await original<typeof import("@/lib/after-load")>()),
  usePageIdle: () => true,
}));

describe("the header's account button", () => {
  it("a tap while the menu's code is on its way opens the menu once it arrives", async () => {
    mockFetch(() => jsonResponse(401, { message: "Not signed in" }));
    renderWithProviders(
      <ThemeProvider>
        <Header />
      </ThemeProvider>,
    );
    const waiting = screen.getByRole("button", { name: "Account menu" });
    expect(waiting).toHaveAttribute("aria-busy", "true");
    await userEvent.click(waiting);
    await act(async () => menuCode.arrive());
    expect(await screen.findByRole("menu", { name: "Account" })).toHaveTextContent("open");
  });
});
