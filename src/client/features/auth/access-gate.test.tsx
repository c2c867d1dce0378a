import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { AccessGate } from "./access-gate";

function verifyCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([url]) => url === "/api/access-codes/verify")
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function setup(valid = false) {
  const fetchMock = mockFetch((url) =>
    url === "/api/access-codes/verify" ? jsonResponse(200, { valid }) : jsonResponse(401, {}),
  );
  const onVerified = vi.fn();
  renderWithProviders(<AccessGate onVerified={onVerified} />);
  const input = (await screen.findByLabelText("Access code")) as HTMLInputElement;
  return { fetchMock, onVerified, input };
}

describe("AccessGate", () => {
  it("shows the gate's texts and keeps Verify Code disabled until ten digits", async () => {
    const { input, fetchMock } = await setup();
    expect(screen.getByText("Have an early access code?")).toBeInTheDocument();
    expect(screen.getByText("Enter your 10-digit access code to join Link")).toBeInTheDocument();
    const button = screen.getByRole("button", { name: "Verify Code" });
    expect(button).toBeDisabled();
    await userEvent.type(input, "123456789");
    expect(input.value).toBe("123456789");
    expect(button).toBeDisabled();
    expect(verifyCalls(fetchMock)).toHaveLength(0);
  });

  it("accepts digits only", async () => {
    const { input } = await setup();
    await userEvent.type(input, "1a2-b3 4");
    expect(input.value).toBe("1234");
  });

  it("verifies by itself on the tenth digit and toasts Invalid Code for a wrong one", async () => {
    const { input, fetchMock, onVerified } = await setup(false);
    await userEvent.type(input, "1111111111");
    expect(await screen.findByText("Invalid Code")).toBeInTheDocument();
    expect(screen.getByText("Please check your code and try again.")).toBeInTheDocument();
    expect(verifyCalls(fetchMock)).toEqual([{ code: "1111111111" }]);
    expect(onVerified).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Verify Code" })).toBeEnabled();
  });

  it("a pasted ten-digit code fills the slots and is verified", async () => {
    const { input, fetchMock, onVerified } = await setup(true);
    input.focus();
    fireEvent.paste(input, { clipboardData: { getData: () => "12345 67890" } });
    await waitFor(() => expect(input.value).toBe("1234567890"));
    const slots = document.querySelectorAll("[data-slot=input-otp-slot]");
    expect(slots).toHaveLength(10);
    expect(Array.from(slots, (slot) => slot.textContent).join("")).toBe("1234567890");
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(verifyCalls(fetchMock)).toEqual([{ code: "1234567890" }]);
    // The page's success card says so (auth-page.test.tsx); the gate itself raises no toast that would
    // follow the person onto the sign-in card.
    expect(screen.queryByText("Welcome to Link")).not.toBeInTheDocument();
  });

  it("links to the waitlist", async () => {
    await setup();
    expect(screen.getByRole("link", { name: "Enter Now" })).toHaveAttribute("href", "/waitlist");
  });

  it("a form sent before the tenth digit says so at the field, keeps the digits and sends nothing", async () => {
    const { input, fetchMock } = await setup();
    await userEvent.type(input, "123456789");
    // The disabled button keeps Enter from sending it; a form sent all the same meets the route's own rule.
    const form = input.closest("form");
    if (!form) throw new Error("the code input is outside its form");
    fireEvent.submit(form);
    // The first check waits for the form's schema, which loads after the page paints.
    await waitFor(() => expect(input).toHaveAttribute("aria-invalid", "true"));
    expect(input).toHaveAccessibleDescription("The code must be exactly 10 digits");
    expect(input.value).toBe("123456789");
    expect(verifyCalls(fetchMock)).toHaveLength(0);
  });
});
