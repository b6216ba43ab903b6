import type { DirectoryProvider } from '@trust/domain';

/** The provider's phone for SMS and calls (the record keeps it under several names). */
export function providerPhone(p: DirectoryProvider | undefined): string | null {
  return p?.primary_phone ?? p?.phone ?? p?.phone_number ?? null;
}

export function providerEmail(p: DirectoryProvider | undefined): string | null {
  return p?.primary_email ?? p?.email ?? null;
}

/** 001 §5: a web form needs the provider's web_form_url or website. */
export function providerFormUrl(p: DirectoryProvider | undefined): string | null {
  return p?.web_form_url?.trim() || p?.website?.trim() || null;
}
