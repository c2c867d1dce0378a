// The profile feature's public entry: what other features may import from it (biome.json refuses deeper paths).

export { FriendRequestActions } from "./friend-request-actions";
export { InviteFriendDialog } from "./invite-friend-dialog";
export { syncFriends } from "./live-sync";
