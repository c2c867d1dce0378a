/**
 * Taking part in an event: joining, leaving, the waitlist and its seat offers, the hosts' approvals, and the shared
 * read of a person's answer (`findParticipant`, on the repository), which compose.ts hands the modules that ask.
 */
export { answersAnyEvent, participantsRepository, peopleTakingPart } from "./repository";
export { participantsService } from "./service";
export { seatOfferWorker } from "./worker";
