import type { Page } from 'playwright-core';
import type { JourneyContext } from '../journeys/types.ts';
import { expectPath, expectVisible } from './browser.ts';

// Signing in through the UI, shared by every journey file.

export const COORDINATOR = { email: 'coordinator@trust.demo', name: 'Casey Coordinator' };
// The wrong-password journey signs in as another account: the server locks an account after 5 failures
// (per account, 15 minutes), and the coordinator is the one every other journey needs.
export const WRONG_PASSWORD_ACCOUNT = 'viewer@trust.demo';
export const HOME_HEADING = 'Connect members to the care they need';

export function homeHeading(page: Page) {
  return page.getByRole('heading', { name: HOME_HEADING });
}

/** 003 §2.2: the header's Login button opens the sign-in modal. */
export async function openLoginModal(page: Page) {
  await page.goto('/');
  await expectVisible(homeHeading(page), 'the home page');
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expectVisible(
    dialog.getByRole('heading', { name: 'Sign in to your account' }),
    "the login modal titled 'Sign in to your account'",
  );
  return dialog;
}

export async function submitLogin(page: Page, email: string, password: string) {
  const dialog = await openLoginModal(page);
  // By role and accessible name: Mantine's required asterisk is in the label's text but hidden from the name.
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the header's modal and waits for the dashboard. */
export async function signInAs(page: Page, email: string, password: string) {
  await submitLogin(page, email, password);
  await expectPath(page, '/dashboard');
  await expectVisible(page.getByRole('heading', { name: /Welcome back/ }), "the dashboard's greeting");
}

export function signInAsCoordinator({ page, password }: JourneyContext) {
  return signInAs(page, COORDINATOR.email, password);
}

export function orgSwitcher(page: Page, organization: string) {
  return page.getByRole('button', { name: `Organization: ${organization}` });
}

/** Signs out from the header's profile menu and waits for the home page. */
export async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: `Profile: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expectVisible(homeHeading(page), 'the home page after signing out');
}
