// The delivery module's public entry: devices, notification preferences and unsubscribe links (the service),
// push and e-mail delivery with the daily digest (the workers), and the socket count delivery asks first.
export { registerLocalSockets } from "./presence";
export { deliveryRepository, devicesOf } from "./repository";
export { ticketSecret } from "./server-keys";
export { deliveryService } from "./service";
export { createDeliveryWorker, createEmailDigestWorker } from "./worker";
