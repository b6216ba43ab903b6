import type { GoogleReviewRow } from '../../db/schema/providers.ts';

/** What a ratings lookup is given: a provider's name and address (001 §7 "maps places search and details"). */
export type PlaceQuery = {
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  /** The place found earlier, if any: then only Place Details is called. */
  placeId: string | null;
};

/** A place's public rating, review total and reviews. */
export type PlaceRating = {
  placeId: string;
  rating: number | null;
  reviewCount: number | null;
  reviews: GoogleReviewRow[];
};

/**
 * Hides the place-ratings service (DESIGN.md "Adapters"). One driver: Google's Places API, used only when a
 * key is configured; without a key there is no driver and the dashboard says ratings are not configured
 * (there is no honest local stand-in for public ratings).
 */
export interface RatingsDriver {
  readonly name: string;
  /** The place's rating, or null when no place matches; throws when the service fails. */
  lookup(query: PlaceQuery): Promise<PlaceRating | null>;
}

/** The text searched for a provider: its name and whatever address parts it has. */
export function placeSearchText(q: PlaceQuery): string {
  return [q.name, q.address, q.city, [q.state, q.zipCode].filter(Boolean).join(' ')]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
}
