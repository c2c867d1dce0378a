// What a translator reads beside each message: where its set of texts appears and, for a message whose words
// alone could be read two ways, a note of its own. The export puts them in each message's description; the
// English itself is in the contract (defineTexts). A new set of texts needs its line here (the typecheck says so).
import type { NAMESPACES } from "#contract/i18n/namespaces";

type Namespaces = typeof NAMESPACES;
type Description<T> = string | { about: string; notes: { readonly [K in keyof T]?: string } };

const DESCRIPTIONS: { readonly [N in keyof Namespaces]: Description<Namespaces[N]> } = {
  api: "An error message the server answers with, shown to the person in a toast or under a form",
  shellPage: "The page frame the browser shows before the app has loaded, and its description for search engines",
  linkCard: "The preview card a chat app shows for a shared link to an event or a group invite",
  eventNotices: "A notification about an event someone is going to or hosts (title and one line)",
  reminders: {
    about: "A reminder notification before an event starts",
    notes: { when: "{when} is the event's date and time, already written in the reader's language" },
  },
  notices: "A notification about a friend request or a follow (title and one line)",
  email: "The body or subject of an e-mail Link sends; keep the line breaks",
  push: "A push notification, or an error about registering a device for push",
  unsubscribe: "The page a person lands on from an e-mail's unsubscribe link",
  notificationCategories: "The name of a kind of notification, in Settings and in e-mails",
  notificationChannels: "The name of a way notifications arrive, in Settings",
  reminderOffsets: "A choice of when a reminder comes, in Settings: a duration and 'before' the event, one phrase",
  calendar: "Subscribing to one's events from a calendar app, and the calendar file's alarm",
  guestCsv: "A column header or value in the guest list a host downloads as a spreadsheet",
  language: "The language picker on the sign-in screen and in Settings",
  login: "The sign-in form",
  eventTime: {
    about: "An event's time written beside the reader's own clock",
    notes: { yourTime: "{time} is a clock time in the reader's time zone, e.g. 11:00 PM" },
  },
  signIn: "The sign-in and sign-up screen, and its links to an invite or an event",
  authForm: "The sign-up form's field errors",
  tooManyAttempts: "The error after too many sign-in attempts; {seconds} is a number of seconds",
  googleSignIn: "An error after signing in with Google",
  accessGrant: "An error when registering without a valid early-access code or invite",
  account: "Account messages: changing the password, resetting it, verifying the e-mail, deleting the account",
  upload: "An error about a photo a person uploads",
  earlyAccess: "The early-access page: joining the waitlist and, for admins, giving access",
  accountUi: "Settings' account section: e-mail, password, data export, account deletion",
  shell: "The app's frame: navigation bar, account menu, offline banner, update prompt",
  settings: "The Settings screen",
  ui: "Generic words of buttons and dialogs used across the app",
  zoneLabels: "The name of a time zone in the time-zone picker",
  limits: {
    about: "A rate limit's message, and short units of time in it",
    notes: { seconds: "An abbreviated number of seconds", minutes: "An abbreviated number of minutes" },
  },
  fields: {
    about: "A field's error message in a form (most are about a date or a place)",
    notes: {
      controlCharacters:
        "Follows a field's name (\"details: …\") in the server's answer, or stands alone under a text field",
    },
  },
  discover: {
    about: "The Discover tab: the feed of events, its tabs, search and filters",
    notes: { social: "The tab of social (not work) events", networking: "The tab of professional events" },
  },
  nearby: "The Nearby tab: people and events close to the person",
  distance: "A distance from the person, e.g. 300 m or 2.5 km",
  categories: "A category of social events, as a filter chip",
  industries: "An industry of networking events, as a filter chip",
  freeWindows: "A filter chip for when the person is free",
  timeSlots: {
    about: "A part of the day people say they are free in, and its hours",
    notes: { earlyMorningRange: "A span of clock hours; write it as the language writes hours" },
  },
  events: "A state of an event shown on its card and page",
  eventRules: "An error when an event's form is filled wrongly",
  createEventMissing: "The list of what is still missing before an event can be created",
  createEvent: "The dialog where a person creates an event",
  eventPage: "An event's page: its details, host, guests and the buttons to join",
  myEvents: "The list of events the person goes to or hosts",
  share: "Sharing an event: copy link, QR code, embed",
  place: "Searching an address for an event, and its errors",
  availability: "An error when saving one's availability",
  myAvailability: "The screen where a person says when they are free",
  earlyAccessLimit: "An error when asking to join the early-access list too often",
  group: "Creating a group and its errors",
  invite: "A group's invite link and the page it opens",
  groupEvent: "Creating an event for a group",
  groupAvailability: "A group's shared availability: when members are free",
  groupsPage: "The Groups screen: the list of groups and a group's tabs",
  newGroup: "The dialog to create a group",
  chat: "Sending chat messages and their errors",
  chatPanel: "A group's chat screen",
  conversation: {
    about: "An event's guests' conversation: a chat for the host and everyone going",
    notes: { groupDescription: "The conversation's name in the list of chats; {title} is the event's title" },
  },
  poll: "A poll among a group's members on when to meet, and its errors",
  plan: {
    about: "Planning an event with a group: proposing times and voting",
    notes: { yes: "A vote: yes, I can come", maybe: "A vote: maybe", no: "A vote: no, I can't" },
  },
  socket: "An error of the live connection (chat and votes)",
  host: "A host's public page: their upcoming events and a follow button",
  follow: {
    about: "Following a host to hear about their events",
    notes: { unfollow: "The button's label once the person follows: it reads as a state (Following)" },
  },
  notificationsPage: "The Notifications screen",
  hosting: "Joining an event the host asks questions for, brings plus-ones to, or has few seats left",
  hostingRules: "An error in the host's settings of an event (questions, seats, dates)",
  hostingSeries: {
    about: "An event that repeats: how it repeats and its next dates",
    notes: { moreDates: "A small button that opens the list of the series' other dates" },
  },
  hostTools: {
    about: "The host's tools: the guest list, approvals, check-in, messages to guests",
    notes: { statusGoing: "A guest's status in the host's list", statusWaitlist: "A guest's status: on the waitlist" },
  },
  hostingGuest: "What a guest sees of hosting: co-hosts, the seat offered from the waitlist, questions",
  profile: "A person's profile page",
  editProfile: "The dialog to edit one's profile and photo",
  profileFriends: "Friends on a profile: requests, accepting, declining",
  userRules: "An error when a profile's form is filled wrongly",
  friendRules: "An error when inviting a friend by e-mail",
  block: "Blocking a person, and what a blocked person's messages look like",
  safety: "An error when blocking or reporting",
  report: "The dialog to report a person, an event or a message",
  reportReason: "A reason a person picks when reporting",
  moderation: "The moderators' screen: reports and what they do about them",
  matching: "An error about People to meet at an event: opting in, asking someone to meet, answering",
  matchingRules: "An error in what one offers or seeks, a meeting's note, or a host's meeting settings",
  matchReasons: {
    about: "Why someone is suggested to meet at an event, under their name",
    notes: {
      offerSeek: "{phrases} is a list of what they offer, in their own words, e.g. seed investors",
      interests: "{list} is a list of interests in the people's own words, e.g. hiking, jazz",
      friends: "{name} is a person's name; {others} how many more mutual friends there are",
    },
  },
  meetingNotices: {
    about: "A notification about a one-to-one meeting at an event (title and one line)",
    notes: {
      request: "{name} is a person's name, {title} the event's name, {when} the meeting's date and time",
      acceptedAt: "{spot} is where they meet, named by the host, e.g. Table 4",
      calendarSummary: "The title of a meeting in a calendar app",
    },
  },
  peopleToMeet: {
    about: "People to meet on an event's page: showing oneself, suggestions, asking to meet, one's meetings",
    notes: {
      score: "How well two people match, as a percentage",
      at: "{spot} is where the meeting is, named by the host, e.g. Table 4",
      withName: "{name} is the other person of a meeting",
    },
  },
  matchmakingSettings: "The host's settings for People to meet in the event dialogs, and the meeting counts",
};

/** A message's description: its set's, then its own note. */
export function descriptionOf(id: string): string {
  const dot = id.indexOf(".");
  const description = (DESCRIPTIONS as Record<string, Description<Record<string, string>>>)[id.slice(0, dot)];
  if (typeof description === "string") return description;
  const note = description?.notes[id.slice(dot + 1)];
  return note ? `${description.about}. ${note}` : (description?.about ?? "");
}
