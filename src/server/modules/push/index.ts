// The push module's public entry: devices, notification preferences and unsubscribe links (the service),
// push and e-mail delivery with the daily digest (the workers), and the socket count delivery asks first.
export { registerLocalSockets } from "./presence";
export { devicesOf, pushRepository } from "./repository";
export { ticketSecret } from "./server-keys";
export { pushService } from "./service";
export { createEmailDigestWorker, createPushDeliveryWorker } from "./worker";
