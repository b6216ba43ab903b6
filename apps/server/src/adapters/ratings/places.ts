import type { GoogleReviewRow } from '../../db/schema/providers.ts';
import { type PlaceQuery, type PlaceRating, placeSearchText, type RatingsDriver } from './driver.ts';

type PlacesStatus = 'OK' | 'ZERO_RESULTS' | 'NOT_FOUND' | string;
type TextSearchAnswer = { status: PlacesStatus; results?: { place_id?: string }[]; error_message?: string };
type DetailsAnswer = {
  status: PlacesStatus;
  error_message?: string;
  result?: {
    place_id?: string;
    rating?: number;
    user_ratings_total?: number;
    reviews?: {
      author_name?: string;
      rating?: number;
      text?: string;
      relative_time_description?: string;
      time?: number;
    }[];
  };
};

const TIMEOUT_MS = 10_000;

/**
 * Google Places API (Text Search, then Place Details for rating, user_ratings_total and reviews). The base URL
 * is configurable (GOOGLE_PLACES_BASE_URL) so tests run it against a Places-shaped server on loopback. The key
 * travels in the query string as Google requires; errors never repeat the URL, so it stays out of logs.
 */
export class PlacesRatingsDriver implements RatingsDriver {
  readonly name = 'google-places';
  readonly #apiKey: string;
  readonly #baseUrl: string;

  constructor(options: { apiKey: string; baseUrl: string }) {
    this.#apiKey = options.apiKey;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async lookup(query: PlaceQuery): Promise<PlaceRating | null> {
    if (query.placeId) {
      const known = await this.#details(query.placeId);
      // A place id can expire (Google renames places); search again rather than give up.
      if (known) return known;
    }
    const placeId = await this.#search(placeSearchText(query));
    return placeId ? this.#details(placeId) : null;
  }

  async #get<T extends { status: PlacesStatus; error_message?: string }>(
    endpoint: string,
    params: Record<string, string>,
  ): Promise<T> {
    const url = `${this.#baseUrl}/${endpoint}/json?${new URLSearchParams({ ...params, key: this.#apiKey })}`;
    let res: Response;
    try {
      res = await fetch(url, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
    } catch (err) {
      throw new Error(`Places ${endpoint}: ${err instanceof Error ? err.name : 'network error'}`);
    }
    if (!res.ok) throw new Error(`Places ${endpoint}: HTTP ${res.status}`);
    let body: T;
    try {
      body = (await res.json()) as T;
    } catch {
      throw new Error(`Places ${endpoint}: the answer is not JSON`);
    }
    if (body.status !== 'OK' && body.status !== 'ZERO_RESULTS' && body.status !== 'NOT_FOUND') {
      throw new Error(
        `Places ${endpoint}: ${body.status}${body.error_message ? ` (${body.error_message})` : ''}`,
      );
    }
    return body;
  }

  async #search(text: string): Promise<string | null> {
    const answer = await this.#get<TextSearchAnswer>('textsearch', { query: text });
    return answer.status === 'OK' ? (answer.results?.[0]?.place_id ?? null) : null;
  }

  async #details(placeId: string): Promise<PlaceRating | null> {
    const answer = await this.#get<DetailsAnswer>('details', {
      place_id: placeId,
      fields: 'place_id,rating,user_ratings_total,reviews',
    });
    if (answer.status !== 'OK' || !answer.result) return null;
    const r = answer.result;
    const reviews: GoogleReviewRow[] = (r.reviews ?? []).slice(0, 5).map((v) => ({
      author_name: v.author_name ?? 'A Google user',
      rating: typeof v.rating === 'number' ? v.rating : null,
      text: v.text ?? '',
      relative_time_description: v.relative_time_description ?? null,
      time: typeof v.time === 'number' ? v.time : null,
    }));
    return {
      placeId: r.place_id ?? placeId,
      rating: typeof r.rating === 'number' ? r.rating : null,
      reviewCount: typeof r.user_ratings_total === 'number' ? r.user_ratings_total : null,
      reviews,
    };
  }
}
