/**
 * Who may see what: the one owner of the rules for events (hidden, group plans, blocks with the hosts),
 * people (blocks either way) and guest lists. Statements add its SQL fragments (visibility-sql.ts); services
 * receive its service from the composition root. `scripts/check-imports.mjs` refuses a statement that
 * reads events or people without a fragment.
 */
export { visibilityRepository } from "./repository";
export {
  type BlockReads,
  type EventAccess,
  type VisibilityService,
  visibilityService,
} from "./service";
export {
  answerVisibleTo,
  attendeesVisibleTo,
  eventColumns,
  eventListedFor,
  eventPublicTo,
  eventVisibleTo,
  groupMemberVisibleTo,
  groupOpenTo,
  notBlocked,
  noticeVisibleTo,
  personVisibleTo,
  type SqlRef,
} from "./visibility-sql";
