export { eventConversationRepository } from "./repository";
export { eventConversationRoutes } from "./routes";
export { type EventConversationService, eventConversationService } from "./service";
