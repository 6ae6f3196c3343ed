// The provider lives with the session, so the app shell carries no code from sync/.
export { UserSyncProvider } from '../session/user-sync-provider';
