// The context lives with the session, so the app shell carries no code from db/.
export { UserDbContext, useUserDb } from '../session/user-db-context';
