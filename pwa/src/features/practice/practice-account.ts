/** Who is signed in, as the dashboard shows it; the route hands it over from the session. */
export interface PracticeAccount {
  readonly email: string;
  readonly name: string;
  readonly isPaid: boolean;
}

/** 'AL' for Ada Lovelace; from the e-mail when there is no name. */
export function initialsOf(account: PracticeAccount): string {
  const words = account.name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => word[0] ?? '') : [account.email[0] ?? '?'];
  return letters.join('').toUpperCase();
}
