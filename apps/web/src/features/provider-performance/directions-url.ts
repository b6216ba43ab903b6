import type { DirectoryProvider } from '@trust/domain';

/** 001 §7 "a maps directions link (coordinates or encoded address)"; null when the provider has neither. */
export function directionsUrl(p: DirectoryProvider): string | null {
  if (p.latitude !== null && p.longitude !== null) {
    return `https://www.google.com/maps/dir/?api=1&destination=${p.latitude},${p.longitude}`;
  }
  const address = [p.street_address, p.city, p.state, p.zip_code].filter(Boolean).join(', ');
  return address ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}` : null;
}
