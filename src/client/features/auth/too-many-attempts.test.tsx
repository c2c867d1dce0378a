import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockFetch, renderWithProviders } from "@/test/render";
import { AccessGate } from "./access-gate";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

// A spent budget (429) says how long to wait, N from Retry-After, on every auth screen.
function tooMany(seconds: number) {
  return new Response(JSON.stringify({ message: "server text" }), {
    status: 429,
    headers: { "Content-Type": "application/json", "Retry-After": String(seconds) },
  });
}

describe("a 429 on the auth screens", () => {
  it("the gate shows 'Too many attempts, try again in N s', not Invalid Code", async () => {
    mockFetch((url) => (url === "/api/access-codes/verify" ? tooMany(42) : new Response("{}", { status: 401 })));
    const onVerified = vi.fn();
    renderWithProviders(<AccessGate onVerified={onVerified} />);
    await userEvent.type(await screen.findByLabelText("Access code"), "1234567890");
    expect(await screen.findByText("Too many attempts, try again in 42 s")).toBeInTheDocument();
    expect(screen.queryByText("Invalid Code")).not.toBeInTheDocument();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it("login shows it under Login failed", async () => {
    mockFetch((url) => (url === "/api/login" ? tooMany(17) : new Response("{}", { status: 401 })));
    renderWithProviders(<LoginForm />);
    await userEvent.type(screen.getByLabelText("Username or e-mail"), "ada");
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Too many attempts, try again in 17 s")).toBeInTheDocument();
    expect(screen.getByText("Login failed")).toBeInTheDocument();
  });

  it("register shows it under Registration failed", async () => {
    mockFetch((url) => (url === "/api/register" ? tooMany(300) : new Response("{}", { status: 401 })));
    renderWithProviders(<RegisterForm />);
    await userEvent.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
    await userEvent.type(screen.getByLabelText("Username"), "ada");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret1");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "secret1");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Too many attempts, try again in 300 s")).toBeInTheDocument();
    expect(screen.getByText("Registration failed")).toBeInTheDocument();
  });
});
