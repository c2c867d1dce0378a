/** Account control: password, reset and verification links, the data export and the account's deletion. */
export { type AccountRepository, accountRepository } from "./repository";
export { type AccountService, accountService } from "./service";
export { accountTokenPrune } from "./worker";
