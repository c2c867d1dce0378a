import { ACCOUNT_TEXTS } from "@contract/account";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { ResetPasswordPage } from "./reset-password-page";

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("ResetPasswordPage", () => {
  it("without a token asks for the e-mail and shows the server's one answer", async () => {
    window.history.replaceState(null, "", "/reset-password");
    const fetchMock = mockFetch((url) =>
      url === "/api/account/password-reset/request"
        ? jsonResponse(202, { message: ACCOUNT_TEXTS.resetRequested })
        : jsonResponse(401, {}),
    );
    renderWithProviders(<ResetPasswordPage />);
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.resetRequested)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => String(u) === "/api/account/password-reset/request");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: "ada@example.com" });
  });

  it("with the link's token sets the new password, and shows the server's refusal for a spent link", async () => {
    const token = "a".repeat(43);
    window.history.replaceState(null, "", `/reset-password?token=${token}`);
    let answer = jsonResponse(400, { message: ACCOUNT_TEXTS.tokenInvalid });
    const fetchMock = mockFetch((url) => (url === "/api/account/password-reset" ? answer : jsonResponse(401, {})));
    renderWithProviders(<ResetPasswordPage />);
    await userEvent.type(screen.getByLabelText("New password"), "abc");
    await userEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === "/api/account/password-reset")).toBe(false);
    await userEvent.type(screen.getByLabelText("New password"), "defgh");
    await userEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.tokenInvalid)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/reset-password");
    answer = jsonResponse(200, { message: ACCOUNT_TEXTS.resetDone });
    await userEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText(ACCOUNT_TEXTS.resetDone)).toBeInTheDocument();
    const sent = fetchMock.mock.calls.filter(([u]) => String(u) === "/api/account/password-reset").at(-1);
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ token, newPassword: "abcdefgh" });
  });

  it("an address that is not one says so at the field, keeps what was typed and sends nothing", async () => {
    window.history.replaceState(null, "", "/reset-password");
    const fetchMock = mockFetch();
    renderWithProviders(<ResetPasswordPage />);
    const field = screen.getByLabelText("Email");
    await userEvent.type(field, "ada.example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    // The first check waits for the form's schema, which loads after the page paints.
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription("Valid email is required");
    expect(field).toHaveValue("ada.example.com");
    expect(fetchMock.mock.calls.some(([u]) => String(u) === "/api/account/password-reset/request")).toBe(false);
  });

  it("a new password too short is marked at its field, and kept", async () => {
    window.history.replaceState(null, "", `/reset-password?token=${"a".repeat(43)}`);
    const fetchMock = mockFetch();
    renderWithProviders(<ResetPasswordPage />);
    const field = screen.getByLabelText("New password");
    await userEvent.type(field, "abc");
    await userEvent.click(screen.getByRole("button", { name: "Reset password" }));
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription("Password must be at least 6 characters");
    expect(field).toHaveValue("abc");
    expect(fetchMock.mock.calls.some(([u]) => String(u) === "/api/account/password-reset")).toBe(false);
  });
});
