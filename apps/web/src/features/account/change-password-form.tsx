// Placeholder until the account work fills it in (the profile panel imports it).
export function ChangePasswordForm() {
  return null;
}
