// The chat module's public entry: what compose.ts builds it from, and what other modules use of it.
export { chatRepository, messagesWrittenBy } from "./repository";
export { CHAT_LIMITS, type ChatService, chatService, toChatMessage } from "./service";
