// Display rules of the member cards (000 §2.8).

/** The avatar's initials: first letters of the first and last names. */
export function memberInitials(firstName: string, lastName: string): string {
  const letters = [firstName, lastName].map((n) => n.trim().charAt(0).toUpperCase()).join('');
  return letters || '?';
}

/** A stored date (YYYY-MM-DD) as MM/DD/YYYY, without the time-zone shift a Date would add; N/A when absent. */
export function formatBirthDate(value: string | null): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : 'N/A';
}

/** 000 §2.8: "phone or N/A, email or N/A". */
export function orNotAvailable(value: string | null | undefined): string {
  return value?.trim() ? value : 'N/A';
}
