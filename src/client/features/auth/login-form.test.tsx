import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { LoginForm } from "./login-form";

const user = currentUserFixture({ fullName: "Ada Lovelace", username: "ada", email: "ada@example.com" });

async function fill(values: { fullName?: string; email?: string; username?: string; password?: string }) {
  if (values.fullName) await userEvent.type(screen.getByLabelText("Full Name"), values.fullName);
  if (values.email) await userEvent.type(screen.getByLabelText("Email"), values.email);
  if (values.username) await userEvent.type(screen.getByLabelText("Username"), values.username);
  if (values.password) await userEvent.type(screen.getByLabelText("Password"), values.password);
}

describe("LoginForm", () => {
  it("shows every spec 01 §5 message under its field and sends nothing", async () => {
    const fetchMock = mockFetch();
    renderWithProviders(<LoginForm />);
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    for (const [label, message] of [
      ["Full Name", "Full name is required"],
      ["Email", "Valid email is required"],
      ["Username", "Username is required"],
      ["Password", "Password is required"],
    ]) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input.closest("[data-slot=form-item]")).toHaveTextContent(message);
    }
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/login")).toHaveLength(0);
  });

  it("rejects a malformed e-mail", async () => {
    mockFetch();
    renderWithProviders(<LoginForm />);
    await fill({ fullName: "Ada", email: "not-an-email", username: "ada", password: "x" });
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Valid email is required")).toBeInTheDocument();
    expect(screen.queryByText("Full name is required")).not.toBeInTheDocument();
  });

  it("sends the four fields and toasts Login failed with the server's message", async () => {
    const fetchMock = mockFetch((url) =>
      url === "/api/login" ? jsonResponse(401, { message: "Invalid username or password" }) : jsonResponse(401, {}),
    );
    renderWithProviders(<LoginForm />);
    await fill({ fullName: "Ada Lovelace", email: "ada@example.com", username: "ada", password: "wrong" });
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid username or password")).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/login");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      fullName: "Ada Lovelace",
      email: "ada@example.com",
      username: "ada",
      password: "wrong",
    });
  });

  it('falls back to "Invalid username or password" when the server gives no message', async () => {
    mockFetch((url) => (url === "/api/login" ? new Response("", { status: 401 }) : jsonResponse(401, {})));
    renderWithProviders(<LoginForm />);
    await fill({ fullName: "Ada", email: "ada@example.com", username: "ada", password: "wrong" });
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid username or password")).toBeInTheDocument();
  });

  it("shows a spinner while pending, then the welcome-back toast", async () => {
    let answer: (r: Response) => void = () => {};
    mockFetch((url) =>
      url === "/api/login"
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : jsonResponse(401, {}),
    );
    renderWithProviders(<LoginForm />);
    await fill({ fullName: "Ada Lovelace", email: "ada@example.com", username: "ada", password: "secret1" });
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("status", { name: "Signing in" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Login/ })).toBeDisabled();
    answer(jsonResponse(200, user));
    expect(await screen.findByText("Login successful")).toBeInTheDocument();
    expect(screen.getByText("Welcome back, Ada!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("status", { name: "Signing in" })).not.toBeInTheDocument());
  });
});
