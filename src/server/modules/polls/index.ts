// The polls module's public entry: group plans that offer options, are voted on in the chat and decide themselves.
export { pollsRepository } from "./repository";
export { pollsService } from "./service";
export { createPollWorker } from "./worker";
