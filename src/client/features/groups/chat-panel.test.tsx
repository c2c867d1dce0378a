import { tooManyMessagesText } from "@contract/chat";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { ChatPanel } from "./chat-panel";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it("a send refused with 429 shows the server's 'Too many messages, try again in N s'; the body carries no messageType", async () => {
  const posted: unknown[] = [];
  mockFetch((url, init) => {
    if (url === "/api/user") return jsonResponse(200, currentUserFixture({ id: 1 }));
    if (url === "/api/chat/messages" && init?.method === "POST") {
      posted.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ message: tooManyMessagesText(42) }), {
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": "42" },
      });
    }
    return jsonResponse(200, []);
  });
  renderWithProviders(<ChatPanel groupId={5} groupName="Readers" />);
  const box = await screen.findByLabelText("Message");
  fireEvent.change(box, { target: { value: "hello there" } });
  await waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeEnabled());
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
  expect(await screen.findByText("Too many messages, try again in 42 s")).toBeInTheDocument();
  expect(posted).toEqual([{ groupId: 5, message: "hello there" }]);
  // The text stays in the box to send again later.
  expect(box).toHaveValue("hello there");
});
