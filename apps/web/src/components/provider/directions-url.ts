import type { DirectoryProvider } from '@trust/domain';

/** 001 §7 "a maps directions link (coordinates or encoded address)"; null when the provider has neither. */
export function directionsUrl(p: DirectoryProvider): string | null {
  if (p.latitude !== null && p.longitude !== null) {
    return `https://www.google.com/maps/dir/?api=1&destination=${p.latitude},${p.longitude}`;
  }
  const address = [p.street_address, p.city, p.state, p.zip_code].filter(Boolean).join(', ');
  return address ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}` : null;
}

/** "12 Main St, Los Angeles, CA 90012" from the parts a provider has. */
export function formatAddress(p: DirectoryProvider): string {
  return [p.street_address, p.city, [p.state, p.zip_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}
