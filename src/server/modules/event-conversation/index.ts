export { dropConversationsGoingWith, eventConversationRepository, leaveEventConversation } from "./repository";
export { eventConversationService } from "./service";
