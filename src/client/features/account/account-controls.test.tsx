import { ACCOUNT_TEXTS } from "@contract/account";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { AccountControls } from "./account-controls";

afterEach(() => vi.unstubAllGlobals());

const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path).map(([, init]) => JSON.parse(String(init?.body)));

describe("AccountControls", () => {
  it("a new password shorter than the rule says so at the field, keeps what was typed and sends nothing", async () => {
    const fetchMock = mockFetch();
    renderWithProviders(<AccountControls />);
    await userEvent.type(screen.getByLabelText("Current password"), "old-secret");
    await userEvent.type(screen.getByLabelText("New password"), "abc");
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    const field = screen.getByLabelText("New password");
    // The first check waits for the form's schema, which loads after the page paints.
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription("Password must be at least 6 characters");
    expect(field).toHaveValue("abc");
    expect(screen.getByLabelText("Current password")).toHaveValue("old-secret");
    expect(calls(fetchMock, "/api/account/password")).toEqual([]);
  });

  it("changes the password with both fields and empties them once it is done", async () => {
    const fetchMock = mockFetch((url) =>
      url === "/api/account/password"
        ? jsonResponse(200, { message: ACCOUNT_TEXTS.passwordChanged })
        : jsonResponse(401, {}),
    );
    renderWithProviders(<AccountControls />);
    await userEvent.type(screen.getByLabelText("Current password"), "old-secret");
    await userEvent.type(screen.getByLabelText("New password"), "new-secret");
    await userEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordChanged)).toBeInTheDocument();
    expect(calls(fetchMock, "/api/account/password")).toEqual([
      { currentPassword: "old-secret", newPassword: "new-secret" },
    ]);
    expect(screen.getByLabelText("New password")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Change password" })).toBeDisabled();
  });

  it("a confirming password longer than any password says so at the field and deletes nothing", async () => {
    const fetchMock = mockFetch();
    renderWithProviders(<AccountControls />);
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const field = screen.getByLabelText("Confirm with your password");
    await userEvent.click(field);
    await userEvent.paste("x".repeat(201));
    await userEvent.click(screen.getByRole("button", { name: "Delete forever" }));
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription("Password must be at most 200 characters");
    expect(field).toHaveValue("x".repeat(201));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE")).toHaveLength(0);
  });
});
