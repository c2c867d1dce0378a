export { eventConversationRepository } from "./repository";
export { eventConversationService } from "./service";
