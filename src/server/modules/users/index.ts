/** People's profiles: the user row, how it may leave the server, and the profile rules. */
export { toCurrentUser, toPublicUser } from "./public-user";
export {
  deleteUserRow,
  insertUser,
  type NewUser,
  type UserRow,
  type UsersRepository,
  usersRepository,
} from "./repository";
export { usersService } from "./service";
