/** The readers' accounts: their rows and their public form, used by auth, profile and the rest. */
export { usersRepository, type NewUserRow, type UserRow } from './users.repository.js';
export { toPublicUser } from './users.serializer.js';
