import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { LoginForm } from "./login-form";

const user = currentUserFixture({ fullName: "Ada Lovelace", username: "ada", email: "ada@example.com" });

async function fill(values: { username?: string; password?: string }) {
  if (values.username) await userEvent.type(screen.getByLabelText("Username or e-mail"), values.username);
  if (values.password) await userEvent.type(screen.getByLabelText("Password"), values.password);
}

describe("LoginForm", () => {
  it("asks only for the username or e-mail and the password", () => {
    mockFetch();
    renderWithProviders(<LoginForm />);
    expect(screen.getAllByRole("textbox").map((input) => input.getAttribute("name"))).toEqual(["username"]);
    expect(screen.queryByLabelText("Full Name")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
  });

  it("an empty password field never looks filled in: its placeholder is words, not dots", () => {
    mockFetch();
    renderWithProviders(<LoginForm />);
    const password = screen.getByLabelText("Password");
    expect(password).toHaveValue("");
    expect(password).toHaveAttribute("placeholder", "Your password");
  });

  it("shows each missing field's message under it and sends nothing", async () => {
    const fetchMock = mockFetch();
    renderWithProviders(<LoginForm />);
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    // The first check waits for the form's schema, which loads after the page paints.
    await waitFor(() => expect(screen.getByLabelText("Username or e-mail")).toHaveAttribute("aria-invalid", "true"));
    for (const [label, message] of [
      ["Username or e-mail", "Enter your username or e-mail"],
      ["Password", "Password is required"],
    ]) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input.closest("[data-slot=form-item]")).toHaveTextContent(message);
    }
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/login")).toHaveLength(0);
  });

  it("signs in with an e-mail: sends it as the identifier and toasts Login failed with the server's message", async () => {
    const fetchMock = mockFetch((url) =>
      url === "/api/login" ? jsonResponse(401, { message: "Invalid username or password" }) : jsonResponse(401, {}),
    );
    renderWithProviders(<LoginForm />);
    await fill({ username: "ada@example.com", password: "wrong" });
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid username or password")).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/login");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: "ada@example.com", password: "wrong" });
  });

  it('falls back to "Invalid username or password" when the server gives no message', async () => {
    mockFetch((url) => (url === "/api/login" ? new Response("", { status: 401 }) : jsonResponse(401, {})));
    renderWithProviders(<LoginForm />);
    await fill({ username: "ada", password: "wrong" });
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
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
    await fill({ username: "ada", password: "secret1" });
    await userEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("status", { name: "Signing in" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Log in/ })).toBeDisabled();
    answer(jsonResponse(200, user));
    expect(await screen.findByText("Login successful")).toBeInTheDocument();
    expect(screen.getByText("Welcome back, Ada!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("status", { name: "Signing in" })).not.toBeInTheDocument());
  });
});
