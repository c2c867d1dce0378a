import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { RegisterForm } from "./register-form";

const labels = {
  fullName: "Full Name",
  username: "Username",
  email: "Email",
  password: "Password",
  confirmPassword: "Confirm Password",
} as const;

async function fill(values: Partial<Record<keyof typeof labels, string>>) {
  for (const [key, value] of Object.entries(values)) {
    await userEvent.type(screen.getByLabelText(labels[key as keyof typeof labels]), value);
  }
}

function messageOf(label: string) {
  return (
    screen.getByLabelText(label).closest("[data-slot=form-item]")?.querySelector("[role=alert]")?.textContent ?? null
  );
}

const submit = () => userEvent.click(screen.getByRole("button", { name: "Create Account" }));

describe("RegisterForm", () => {
  it("shows each required-field message under its field", async () => {
    mockFetch();
    renderWithProviders(<RegisterForm />);
    await submit();
    // The first check waits for the form's schema, which loads after the page paints.
    await waitFor(() => expect(messageOf("Full Name")).toBe("Full name is required"));
    expect(messageOf("Username")).toBe("Username must be at least 3 characters");
    expect(messageOf("Email")).toBe("Valid email is required");
    expect(messageOf("Password")).toBe("Password must be at least 6 characters");
    expect(messageOf("Confirm Password")).toBe("Please confirm your password");
  });

  it("checks the minimum lengths and a mismatch on confirmPassword", async () => {
    mockFetch();
    renderWithProviders(<RegisterForm />);
    await fill({ fullName: "Ada", username: "ad", email: "ada@", password: "12345", confirmPassword: "54321" });
    await submit();
    expect(messageOf("Full Name")).toBeNull();
    expect(messageOf("Username")).toBe("Username must be at least 3 characters");
    expect(messageOf("Email")).toBe("Valid email is required");
    expect(messageOf("Password")).toBe("Password must be at least 6 characters");
    await userEvent.clear(screen.getByLabelText("Password"));
    await userEvent.type(screen.getByLabelText("Password"), "123456");
    await submit();
    expect(messageOf("Password")).toBeNull();
    expect(messageOf("Confirm Password")).toBe("Passwords do not match");
  });

  it("sends the register payload without confirmPassword and toasts the welcome", async () => {
    const fetchMock = mockFetch((url, init) =>
      url === "/api/register" ? jsonResponse(201, { id: 5, ...JSON.parse(String(init?.body)) }) : jsonResponse(401, {}),
    );
    renderWithProviders(<RegisterForm />);
    await fill({
      fullName: "Ada Lovelace",
      username: "ada",
      email: "ada@example.com",
      password: "secret1",
      confirmPassword: "secret1",
    });
    await submit();
    expect(await screen.findByText("Registration successful")).toBeInTheDocument();
    expect(screen.getByText("Welcome to Link, Ada!")).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/register");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      fullName: "Ada Lovelace",
      username: "ada",
      email: "ada@example.com",
      password: "secret1",
      bio: "",
      profession: "",
      profileImage: null,
      interests: [],
      skills: [],
      careerPath: "",
      latitude: "",
      longitude: "",
      availabilityPreferences: {},
      // The browser's zone (tests run in Los Angeles), not the New York fallback: every time is shown in the
      // profile's zone, so a new account starts in the one its person is in.
      timezone: "America/Los_Angeles",
      // The language the sign-in screen speaks.
      language: "en",
    });
  });

  it("toasts Registration failed with the server's message, or the fallback", async () => {
    let conflict = true;
    mockFetch((url) =>
      url === "/api/register"
        ? conflict
          ? jsonResponse(409, { message: "Username already exists" })
          : new Response("", { status: 500 })
        : jsonResponse(401, {}),
    );
    renderWithProviders(<RegisterForm />);
    await fill({
      fullName: "Ada",
      username: "ada",
      email: "ada@example.com",
      password: "secret1",
      confirmPassword: "secret1",
    });
    await submit();
    expect(await screen.findByText("Registration failed")).toBeInTheDocument();
    expect(screen.getByText("Username already exists")).toBeInTheDocument();
    conflict = false;
    await submit();
    expect(await screen.findByText("Could not create account")).toBeInTheDocument();
  });
});
