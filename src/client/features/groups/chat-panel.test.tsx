import { tooManyMessagesText } from "@contract/chat";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { ChatPanel } from "./chat-panel";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const stored = (id: number, message: string, clientId: string) => ({
  id,
  groupId: 5,
  userId: 1,
  userName: "Me",
  message,
  messageType: "text",
  sentAt: new Date().toISOString(),
  attachmentUrl: null,
  referenceData: null,
  clientId,
});

it("a refused send empties the box at once, shows the server's words with Retry, and Retry sends the same clientId", async () => {
  const posted: Array<{ groupId: number; message: string; clientId: string }> = [];
  let refuse = true;
  mockFetch((url, init) => {
    if (url === "/api/user") return jsonResponse(200, currentUserFixture({ id: 1 }));
    if (url === "/api/chat/messages" && init?.method === "POST") {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      if (refuse)
        return new Response(JSON.stringify({ message: tooManyMessagesText(42) }), {
          status: 429,
          headers: { "Content-Type": "application/json", "Retry-After": "42" },
        });
      return jsonResponse(201, stored(77, body.message, body.clientId));
    }
    return jsonResponse(200, []);
  });
  renderWithProviders(<ChatPanel groupId={5} groupName="Readers" />);
  const box = await screen.findByLabelText("Message");
  fireEvent.change(box, { target: { value: "hello there" } });
  await waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeEnabled());
  fireEvent.click(screen.getByRole("button", { name: "Send" }));
  // The box is empty before any answer: the next message can be typed at once.
  expect(box).toHaveValue("");
  fireEvent.change(box, { target: { value: "quick 2" } });
  expect(await screen.findByText("Not sent: Too many messages, try again in 42 s")).toBeInTheDocument();
  expect(box).toHaveValue("quick 2");
  expect(posted).toHaveLength(1);
  expect(Object.keys(posted[0]).sort()).toEqual(["clientId", "groupId", "message"]);
  expect(posted[0]).toMatchObject({ groupId: 5, message: "hello there" });
  expect(posted[0].clientId).toMatch(/^[0-9a-f-]{36}$/);

  refuse = false;
  fireEvent.click(screen.getByRole("button", { name: 'Retry sending "hello there"' }));
  await waitFor(() => expect(screen.queryByTestId("chat-message-outgoing")).toBeNull());
  expect(screen.getByTestId("chat-message")).toHaveTextContent("hello there");
  expect(posted[1]).toEqual(posted[0]);
  // What was being typed is still there.
  expect(box).toHaveValue("quick 2");
});
