// The context lives with the session, so the app shell carries no code from sync/.
export { UserSyncContext, useUserSync } from '../session/user-sync-context';
