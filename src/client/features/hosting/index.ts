export { CardHosts, CohostNames, GuestSection } from "./guest-section";
export { HostTools } from "./host-tools";
export { MetAt } from "./met-at";
export { asksBeforeJoining, RespondDialog } from "./respond-dialog";
export { RepeatField, SeriesDates, SeriesLabel } from "./series";
