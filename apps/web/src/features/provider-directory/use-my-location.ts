import { useCallback, useState } from 'react';
import { SEARCH_MESSAGES } from './search-values.ts';

/** 001 §2.6: 'use my location' gives up after 10 seconds. */
export const GEOLOCATION_TIMEOUT_MS = 10_000;

/** navigator.geolocation → the point, or the 001 §8 Geolocation message. */
export function useMyLocation(onFound: (point: { latitude: number; longitude: number }) => void) {
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const locate = useCallback(() => {
    setError(null);
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setError(SEARCH_MESSAGES.geolocationUnsupported);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onFound({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      () => {
        setLocating(false);
        setError(SEARCH_MESSAGES.geolocationFailed);
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, enableHighAccuracy: false, maximumAge: 60_000 },
    );
  }, [onFound]);

  return { locate, locating, error };
}
