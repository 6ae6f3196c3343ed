import type { ReactNode } from 'react';
import type { UserSync } from '../sync/user-sync';
import { UserDbContext } from './user-db-context';
import { UserSyncContext } from './user-sync-context';

/** Makes the signed-in person's database and sync available to the hooks below it. */
export function UserSyncProvider({ value, children }: { readonly value: UserSync | null; readonly children: ReactNode }) {
  return (
    <UserSyncContext value={value}>
      <UserDbContext value={value?.db ?? null}>{children}</UserDbContext>
    </UserSyncContext>
  );
}
