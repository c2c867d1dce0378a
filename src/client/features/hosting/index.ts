export { asksBeforeJoining } from "./asks-before-joining";
export { CardHosts, CohostNames } from "./event-hosts";
export { GuestSection } from "./guest-section";
export { HostTools } from "./host-tools";
export { LazyRespondDialog, preloadRespondDialog } from "./lazy-respond-dialog";
export { MetAt } from "./met-at";
export { PlusOnesField, type QuestionDraft, QuestionsField } from "./questions-field";
export { RespondDialog } from "./respond-dialog";
export { MoreDates, RepeatField, SeriesDates, SeriesLabel } from "./series";
