// Display rules of the member cards (000 §2.8).

/** The avatar's initials: first letters of the first and last names. */
export function memberInitials(firstName: string, lastName: string): string {
  const letters = [firstName, lastName].map((n) => n.trim().charAt(0).toUpperCase()).join('');
  return letters || '?';
}

/** 000 §2.8: "phone or N/A, email or N/A". */
export function orNotAvailable(value: string | null | undefined): string {
  return value?.trim() ? value : 'N/A';
}
