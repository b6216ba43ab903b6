import { MATCH_METHOD_LABELS, MATCH_METHOD_TYPES, type MatchMethodType } from './matching-wire.ts';

// How a provider is reached (001 §2.1, §2.2, §3 Communication method, §4, §9). Pure rules shared by the server
// (which computes and stores the priority after every attempt) and the browser (labels, colours, fallbacks).

/** 001 §3: phone, email, web_form, portal, fax (the same list the matching wire uses). */
export const COMMUNICATION_METHOD_TYPES = MATCH_METHOD_TYPES;
export type CommunicationMethodType = MatchMethodType;

/** 001 §2.1 method labels: SMS / Phone, Email, Web Form, Provider Portal, Fax. */
export const COMMUNICATION_METHOD_LABELS: Record<CommunicationMethodType, string> = MATCH_METHOD_LABELS;

export function methodLabel(type: string): string {
  return (COMMUNICATION_METHOD_LABELS as Record<string, string>)[type] ?? type;
}

/** 001 §9 priority base scores: web form 100, portal 90, email 80, fax 70, phone 60. */
export const PRIORITY_BASE: Record<CommunicationMethodType, number> = {
  web_form: 100,
  portal: 90,
  email: 80,
  fax: 70,
  phone: 60,
};

/** 001 §9 bonuses. */
export const PRIORITY_BONUS = {
  verified: 20,
  /** Up to +30, proportional to the success rate. */
  successRateMax: 30,
  usedWithin30Days: 10,
  usedWithin90Days: 5,
  preferred: 5,
} as const;

const DAY_MS = 86_400_000;

export type PriorityInput = {
  methodType: string;
  verified: boolean;
  isPreferred: boolean;
  successCount: number;
  failureCount: number;
  lastUsedAt: Date | string | null;
};

/** Success rate in percent (0–100, whole number); 0 before any attempt (001 §2.2 shows it as a percent). */
export function successRatePercent(successCount: number, failureCount: number): number {
  const attempts = successCount + failureCount;
  return attempts > 0 ? Math.round((successCount / attempts) * 100) : 0;
}

/**
 * 001 §9 priority: base by type, +20 verified, up to +30 for the success rate (30 × successes / attempts, none
 * before the first attempt), +10 when used in the last 30 days or else +5 in the last 90, +5 for the provider's
 * preferred method. Recomputed by the server after each attempt (001 §4).
 */
export function computePriority(input: PriorityInput, now: Date = new Date()): number {
  let score = (PRIORITY_BASE as Record<string, number>)[input.methodType] ?? 0;
  if (input.verified) score += PRIORITY_BONUS.verified;
  const attempts = input.successCount + input.failureCount;
  if (attempts > 0) score += Math.round((PRIORITY_BONUS.successRateMax * input.successCount) / attempts);
  if (input.lastUsedAt) {
    const ageDays = (now.getTime() - new Date(input.lastUsedAt).getTime()) / DAY_MS;
    if (ageDays <= 30) score += PRIORITY_BONUS.usedWithin30Days;
    else if (ageDays <= 90) score += PRIORITY_BONUS.usedWithin90Days;
  }
  if (input.isPreferred) score += PRIORITY_BONUS.preferred;
  return score;
}

export type PriorityColor = 'green' | 'blue' | 'yellow' | 'gray';

/** 001 §9 priority colour: 90+ green, 70+ blue, 50+ yellow, else grey. */
export function priorityColor(priority: number): PriorityColor {
  if (priority >= 90) return 'green';
  if (priority >= 70) return 'blue';
  if (priority >= 50) return 'yellow';
  return 'gray';
}

/** The directory contact a fallback is built from. */
export type DirectoryContact = {
  id: number;
  name: string;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
};

export type FallbackMethod = {
  id: number;
  provider_id: number;
  provider_name: string;
  method_type: CommunicationMethodType;
  contact_value: string;
  notes: string | null;
  verified: false;
  is_preferred: false;
  success_count: 0;
  failure_count: 0;
  success_rate: 0;
  priority: number;
  discovery_method: 'fallback';
  discovered_at: null;
  accepts_referrals: true;
  created_at: null;
  updated_at: null;
};

/** A website as a link: https:// is added when the record has no scheme (001 §3). */
export function websiteUrl(website: string): string {
  const trimmed = website.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * 001 §3 fallback methods: built from the directory contact when a provider has no stored method (or discovery
 * failed) — phone −1 (60), email −2 (80), website −3 (100, a web form), unverified, discovery_method 'fallback',
 * highest priority first. Negative ids mark them unstored: they have no verify or preferred actions (001 §2.1).
 */
export function buildFallbackMethods(provider: DirectoryContact): FallbackMethod[] {
  const base = {
    provider_id: provider.id,
    provider_name: provider.name,
    notes: 'From the provider directory',
    verified: false,
    is_preferred: false,
    success_count: 0,
    failure_count: 0,
    success_rate: 0,
    discovery_method: 'fallback',
    discovered_at: null,
    accepts_referrals: true,
    created_at: null,
    updated_at: null,
  } as const;
  const methods: FallbackMethod[] = [];
  const phone = provider.phone?.trim();
  const email = provider.email?.trim();
  const website = provider.website?.trim();
  if (phone) methods.push({ ...base, id: -1, method_type: 'phone', contact_value: phone, priority: 60 });
  if (email) methods.push({ ...base, id: -2, method_type: 'email', contact_value: email, priority: 80 });
  if (website) {
    methods.push({
      ...base,
      id: -3,
      method_type: 'web_form',
      contact_value: websiteUrl(website),
      priority: 100,
    });
  }
  return methods.sort((a, b) => b.priority - a.priority);
}

/** A method id below zero is a directory fallback, not stored (001 §3). */
export function isFallbackMethodId(id: number | null | undefined): boolean {
  return typeof id === 'number' && id < 0;
}
