// Placeholder until the two-factor work fills it in (the profile panel imports it).
export function TwoFactorSettings() {
  return null;
}
