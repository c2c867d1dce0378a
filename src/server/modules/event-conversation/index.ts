export { eventConversationRepository } from "./repository";
export { type EventConversationService, eventConversationService } from "./service";
