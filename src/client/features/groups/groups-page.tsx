import { CONVERSATION_TEXTS } from "@contract/event-conversation";
import type { GroupListItem } from "@contract/groups";
import { GROUPS_PAGE_TEXTS } from "@contract/groups-texts";
import { MessageCircle, Plus, Search, UserPlus } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { InviteFriendDialog } from "@/features/profile";
import { text, useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Skeleton } from "@/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { useGroups } from "./api";
import { ChatPanel } from "./chat-panel";
import { GroupAvailabilityPanel } from "./group-availability";
import { canInvite, GroupCard } from "./group-card";
import { GroupInviteLink } from "./group-invite-link";
import { NewGroupDialog } from "./new-group-dialog";
import { PlanEventDialog } from "./plan-event-dialog";

/** Groups: My Groups, Chat and Availability; `?group={id}` opens that group's chat. */
export function GroupsPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const fromUrl = Number(new URLSearchParams(search).get("group")) || null;
  const [selectedId, setSelectedId] = useState<number | null>(fromUrl);
  const [tab, setTab] = useState(fromUrl ? "chat" : "groups");
  const { data: groups, isLoading } = useGroups();
  const [planOpen, setPlanOpen] = useState(false);
  /** The open conversation put its own entry in the history: Back (the phone's or ours) returns to the list. */
  const pushedChat = useRef(false);
  const hadGroupInUrl = useRef(fromUrl != null);

  useEffect(() => {
    if (fromUrl) {
      setSelectedId(fromUrl);
      setTab("chat");
    } else if (hadGroupInUrl.current) {
      // Back from a conversation to /groups: the list again.
      pushedChat.current = false;
      setTab("groups");
    }
    hadGroupInUrl.current = fromUrl != null;
  }, [fromUrl]);

  const openChat = (id: number) => {
    select(id);
    setTab("chat");
    // The address as it is now (a tab can be activated twice by one click: pointer down, then focus).
    if (new URLSearchParams(window.location.search).get("group") !== String(id)) {
      pushedChat.current = true;
      navigate(`/groups?group=${id}`);
    }
  };
  const closeChat = () => {
    if (pushedChat.current) window.history.back();
    else {
      setTab("groups");
      navigate("/groups", { replace: true });
    }
  };

  const selected = groups?.find((g) => g.id === selectedId) ?? null;
  // Selecting stays on the current tab; only an arriving ?group= link jumps to the chat.
  const select = (id: number) => setSelectedId(id);
  const t = useTexts(GROUPS_PAGE_TEXTS);
  // The group's name sits inside the sentence in its own style: the message is split around it.
  const [availabilityBefore, availabilityAfter = ""] = t("availabilityFor", { name: NAME_MARK }).split(NAME_MARK);

  return (
    <div className="px-4 py-4">
      <h1 className="mb-3 text-2xl font-bold">{t("title")}</h1>
      <Tabs value={tab} onValueChange={(next) => (next === "chat" && selectedId ? openChat(selectedId) : setTab(next))}>
        <TabsList className="grid w-full grid-cols-3">
          <TabsTrigger value="groups">{t("myGroups")}</TabsTrigger>
          <TabsTrigger value="chat">{t("chat")}</TabsTrigger>
          <TabsTrigger value="availability">{t("availability")}</TabsTrigger>
        </TabsList>

        <TabsContent value="groups" className="mt-4">
          <MyGroups
            groups={groups}
            isLoading={isLoading}
            selectedId={selectedId}
            onSelect={select}
            onChat={openChat}
            onPlan={(id) => {
              select(id);
              setPlanOpen(true);
            }}
          />
        </TabsContent>

        <TabsContent value="chat" className="mt-4">
          {selected ? (
            <ChatPanel key={selected.id} groupId={selected.id} groupName={selected.name} onBack={closeChat} />
          ) : (
            <NeedsGroup groups={groups} onSelect={select} what="selectToChat" />
          )}
        </TabsContent>

        <TabsContent value="availability" className="mt-4">
          {selected ? (
            <>
              <p className="mb-3 text-sm text-muted-foreground">
                {availabilityBefore}
                <span className="font-medium text-foreground" dir="auto">
                  {selected.name}
                </span>
                {availabilityAfter}
              </p>
              <GroupAvailabilityPanel key={selected.id} groupId={selected.id} />
            </>
          ) : (
            <NeedsGroup groups={groups} onSelect={select} what="selectToShare" />
          )}
        </TabsContent>
      </Tabs>
      <PlanEventDialog
        groupId={selected?.id ?? null}
        groupName={selected?.name}
        open={planOpen}
        onOpenChange={setPlanOpen}
      />
    </div>
  );
}

function NeedsGroup({
  groups,
  onSelect,
  what,
}: {
  groups?: GroupListItem[];
  onSelect: (id: number) => void;
  what: "selectToChat" | "selectToShare";
}) {
  const t = useTexts(GROUPS_PAGE_TEXTS);
  return (
    <div className="rounded-xl border border-dashed p-6 text-center">
      <MessageCircle className="mx-auto mb-2 size-8 text-muted-foreground" />
      <p className="font-medium">{t(what)}</p>
      {groups && groups.length > 0 ? (
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {groups.map((g) => (
            <Button key={g.id} variant="outline" size="sm" onClick={() => onSelect(g.id)}>
              <span dir="auto">{g.name}</span>
            </Button>
          ))}
        </div>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">{t("joinFirst")}</p>
      )}
    </div>
  );
}

function MyGroups({
  groups,
  isLoading,
  selectedId,
  onSelect,
  onChat,
  onPlan,
}: {
  groups?: GroupListItem[];
  isLoading: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onChat: (id: number) => void;
  onPlan: (id: number) => void;
}) {
  const t = useTexts(GROUPS_PAGE_TEXTS);
  const [query, setQuery] = useState("");
  const [newOpen, setNewOpen] = useState(false);
  // Whose link the invite dialog offers: the group just made, a card's, or the selected one (admins only).
  const [invite, setInvite] = useState<{ open: boolean; group: InviteGroup | null; justCreated?: boolean }>({
    open: false,
    group: null,
  });
  const selected = groups?.find((g) => g.id === selectedId);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (groups ?? []).filter(
      (g) => !q || g.name.toLowerCase().includes(q) || g.description.toLowerCase().includes(q),
    );
  }, [groups, query]);
  const sections = listSections(shown, t("yourGroups"));

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="relative">
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t("search")}
          className="ps-9"
          aria-label={t("search")}
        />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="outline"
          onClick={() => setInvite({ open: true, group: selected && canInvite(selected) ? selected : null })}
        >
          <UserPlus /> {t("inviteFriend")}
        </Button>
        <Button onClick={() => setNewOpen(true)} data-testid="new-group">
          <Plus /> {t("newGroup")}
        </Button>
      </div>

      {isLoading && [0, 1].map((i) => <Skeleton key={i} className="h-28 rounded-xl" />)}
      {!isLoading && shown.length === 0 && (
        <div className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          {query ? t("noMatch") : t("noGroups")}
        </div>
      )}
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={section.title ? `groups-${section.key}` : undefined}>
          {section.title && (
            <div className="mb-2">
              <h2 id={`groups-${section.key}`} className="font-semibold">
                {section.title}
              </h2>
              {section.hint && <p className="text-xs text-muted-foreground">{section.hint}</p>}
            </div>
          )}
          <ul className="grid grid-cols-1 gap-3">
            {section.groups.map((g) => (
              <GroupCard
                key={g.id}
                group={g}
                selected={g.id === selectedId}
                onSelect={() => onSelect(g.id)}
                onChat={() => onChat(g.id)}
                onPlan={() => onPlan(g.id)}
                onInvite={() => setInvite({ open: true, group: g })}
              />
            ))}
          </ul>
        </section>
      ))}

      <NewGroupDialog
        open={newOpen}
        onOpenChange={setNewOpen}
        onCreated={(g) => {
          onSelect(g.id);
          // Creating a group ends on inviting people to it.
          setInvite({ open: true, group: g, justCreated: true });
        }}
      />
      <InviteFriendDialog
        open={invite.open}
        onOpenChange={(open) => setInvite((v) => ({ ...v, open }))}
        {...(invite.group
          ? {
              title: t("inviteFriends"),
              description: invite.justCreated
                ? t("ready", { name: invite.group.name })
                : t("shareLink", { name: invite.group.name }),
              link: <GroupInviteLink group={fresh(invite.group, groups)} />,
            }
          : {})}
      />
    </div>
  );
}

/** Where a name goes in a sentence split around it (no language writes this character). */
const NAME_MARK = "\u2063";

type InviteGroup = Pick<GroupListItem, "id" | "name" | "inviteCode">;
/** The list's copy of a group once it has one: a link made in the dialog shows at once. */
const fresh = (group: InviteGroup, groups?: GroupListItem[]) => groups?.find((g) => g.id === group.id) ?? group;

/**
 * Ordinary groups first, then the guests' conversations of events (made for an event, joined by going to it),
 * each under its own heading once there are both; with no conversation the list needs no heading.
 */
function listSections(shown: GroupListItem[], yourGroups: string) {
  const conversations = shown.filter((g) => g.eventId != null);
  const ordinary = shown.filter((g) => g.eventId == null);
  if (conversations.length === 0) return [{ key: "groups", title: null, hint: null, groups: ordinary }];
  return [
    { key: "groups", title: yourGroups, hint: null, groups: ordinary },
    {
      key: "conversations",
      title: text(CONVERSATION_TEXTS, "listed"),
      hint: text(CONVERSATION_TEXTS, "listedHint"),
      groups: conversations,
    },
  ].filter((section) => section.groups.length > 0);
}
