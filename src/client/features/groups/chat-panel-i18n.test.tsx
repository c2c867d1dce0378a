import type { GroupListItem } from "@contract/groups";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/lib/i18n";
import { currentUserFixture, jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { ChatPanel } from "./chat-panel";
import { GroupCard } from "./group-card";

/** A socket the test speaks for: the chat hears the "typing" frames the test sends. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(frame: unknown) => void>>();
  return {
    handlers,
    api: {
      connected: true,
      send: () => true,
      subscribe: (type: string, handler: (frame: unknown) => void) => {
        if (!handlers.has(type)) handlers.set(type, new Set());
        handlers.get(type)?.add(handler);
        return () => void handlers.get(type)?.delete(handler);
      },
    },
  };
});
vi.mock("@/lib/realtime/provider", () => ({ useRealtime: () => socket.api }));

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  socket.handlers.clear();
  await setLanguage("en");
});

/**
 * These people type in the group; resolves once the typing line says `shown`. Frames are sent again until it
 * does: the chat starts listening afresh once it knows who the reader is.
 */
async function typing(typers: [number, string][], shown: string) {
  await waitFor(() => {
    for (const [userId, userName] of typers)
      for (const handler of socket.handlers.get("typing") ?? [])
        handler({ type: "typing", groupId: 5, userId, userName });
    expect(screen.getByTestId("chat-typing")).toHaveTextContent(shown);
  });
}

const group = (members: number): GroupListItem => ({
  id: 5,
  name: "Lectores",
  description: "",
  image: null,
  imageUrl: null,
  isPrivate: true,
  isDirect: false,
  eventId: null,
  inviteCode: "abc",
  members,
  role: "admin",
  unreadCount: 2,
  lastMessage: null,
});

/** The chat of a reader whose account speaks `language` (a signed-in reader reads Link in their account's). */
function renderChat(language: "es" | "ar") {
  mockFetch((url) => {
    if (url === "/api/user") return jsonResponse(200, currentUserFixture({ id: 1, language }));
    return jsonResponse(200, []);
  });
  return renderWithProviders(<ChatPanel groupId={5} groupName="Lectores" onBack={() => {}} />);
}

const noop = () => {};
/** A group's card in the groups list, with no handlers. */
const showCard = (item: GroupListItem) =>
  renderWithProviders(
    <ul>
      <GroupCard group={item} selected={false} onSelect={noop} onChat={noop} onPlan={noop} onInvite={noop} />
    </ul>,
  );

describe("the chat in Spanish and Arabic", () => {
  it("speaks Spanish: the composer, the empty chat and who is typing, one, two or three", async () => {
    await setLanguage("es");
    renderChat("es");
    expect(await screen.findByPlaceholderText("Escribe un mensaje…")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enviar" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Volver a los grupos" })).toBeInTheDocument();
    expect(await screen.findByText("Aún no hay mensajes. ¡Saluda!")).toBeInTheDocument();
    await typing([[2, "Ana"]], "Ana está escribiendo…");
    await typing(
      [
        [2, "Ana"],
        [3, "Ben"],
      ],
      "Ana y Ben están escribiendo…",
    );
    await typing(
      [
        [2, "Ana"],
        [3, "Ben"],
        [4, "Cy"],
      ],
      "3 personas están escribiendo…",
    );
  });

  it("speaks Arabic: the composer, and two names typing take the dual", async () => {
    await setLanguage("ar");
    renderChat("ar");
    expect(await screen.findByPlaceholderText("اكتب رسالة…")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "الدردشة في Lectores" })).toBeInTheDocument();
    await typing([[2, "Ana"]], "Ana يكتب…");
    await typing(
      [
        [2, "Ana"],
        [3, "Ben"],
      ],
      "Ana وBen يكتبان…",
    );
  });

  it("counts a group's members by each language's plural rules", async () => {
    mockFetch(() => jsonResponse(200, []));
    const card = (members: number) => showCard(group(members));
    await setLanguage("es");
    const one = card(1);
    expect(within(one.container).getByText("1 miembro")).toBeInTheDocument();
    expect(within(one.container).getByRole("button", { name: "Planear" })).toBeInTheDocument();
    one.unmount();
    const three = card(3);
    expect(within(three.container).getByText("3 miembros")).toBeInTheDocument();
    expect(within(three.container).getByLabelText("2 sin leer")).toBeInTheDocument();
    three.unmount();

    await setLanguage("ar");
    for (const [members, words] of [
      [1, "عضو واحد"],
      [2, "عضوان"],
      [3, "3 أعضاء"],
      [11, "11 عضوًا"],
      [100, "100 عضو"],
    ] as const) {
      const view = card(members);
      expect(within(view.container).getByText(words)).toBeInTheDocument();
      view.unmount();
    }
  });

  it("names a guests' conversation in the reader's language, whatever was stored", async () => {
    mockFetch(() => jsonResponse(200, []));
    const conversation = { ...group(3), name: "Noche de jazz", eventId: 9, description: "Guests' conversation of X" };
    const show = () => showCard(conversation);
    await setLanguage("es");
    const spanish = show();
    expect(within(spanish.container).getByText("Conversación de invitados de Noche de jazz")).toBeInTheDocument();
    expect(within(spanish.container).queryByText(/Guests' conversation/)).not.toBeInTheDocument();
    spanish.unmount();
    await setLanguage("ar");
    expect(within(show().container).getByText("محادثة ضيوف Noche de jazz")).toBeInTheDocument();
  });
});
