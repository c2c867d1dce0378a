export { CohostNames, GuestSection } from "./guest-section";
export { HostTools } from "./host-tools";
export { asksBeforeJoining, RespondDialog } from "./respond-dialog";
export { RepeatField, SeriesDates, SeriesLabel } from "./series";
