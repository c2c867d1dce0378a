/** The first screen of an app page drawn on the server, with the data it was drawn from inline for the app. */
export { firstScreenService } from "./service";
