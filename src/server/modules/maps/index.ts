/** The operator's map: whether there is one, and the hosts its style loads from (for the CSP). */
export { mapHosts } from "./service";
