/** People's profiles: the user row, how it may leave the server, and the profile rules. */
export { toCurrentUser, toPublicUser } from "./public-user";
export { deleteUserRow, insertUser, type UsersRepository, usersRepository } from "./repository";
export type { NewUser, UserRow } from "./schema";
export { usersService } from "./service";
