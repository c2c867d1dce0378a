/** Account control: password, reset and verification links, the data export and the account's deletion. */
export { accountRepository } from "./repository";
export { accountService } from "./service";
export { accountTokenPrune } from "./worker";
