// The profile feature's public entry: what other features may import from it (biome.json refuses deeper paths).
export { InviteFriendDialog } from "./invite-friend-dialog";
