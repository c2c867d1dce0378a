/** Taking part in an event: joining, leaving, the waitlist and its seat offers, the hosts' approvals. */
export { answersAnyEvent, participantsRepository, peopleTakingPart } from "./repository";
export { participantsService } from "./service";
export { seatOfferWorker } from "./worker";
