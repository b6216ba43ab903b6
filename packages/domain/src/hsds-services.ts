// HSDS taxonomy terms → directory services (issue #21: "an HSDS importer … loaded into the directory"). An HSDS
// directory classifies its services with whatever taxonomy it uses (the 211 LA / AIRS codes, Open Eligibility, a
// local list): the directory and the matching engine speak the service names of 001 §9 (which referral needs map
// to, match-score.ts NEED_SERVICES). A term maps by its AIRS code's leading letters when it has one, else by the
// words in its name (every rule whose words it holds: "Eviction Legal Defense" is housing and legal); the service's
// own name is read the same way only when no term mapped (a name says less than a term). Every term's name is kept
// as a service too (a search for "Food Pantries" finds the pantry). The organization type is the first rule's.

export type HsdsServiceRule = {
  /** AIRS / 211 LA taxonomy codes (their leading letters: BD is Food). */
  codePrefixes: readonly string[];
  /** Words in a term's or service's name, lower case, matched at a word's start. */
  words: readonly string[];
  services: readonly string[];
  organizationType: string;
};

export const HSDS_SERVICE_RULES: readonly HsdsServiceRule[] = [
  {
    codePrefixes: ['BD'],
    words: ['food', 'meal', 'pantr', 'nutrition', 'grocer', 'snap'],
    services: ['Food Assistance'],
    organizationType: 'Food Bank',
  },
  {
    codePrefixes: ['BH'],
    words: ['housing', 'shelter', 'homeless', 'rent', 'eviction'],
    services: ['Housing Assistance', 'Housing Support'],
    organizationType: 'Housing Services',
  },
  {
    codePrefixes: ['BT'],
    words: ['transport', 'ride', 'bus', 'transit'],
    services: ['Transportation'],
    organizationType: 'Transportation Services',
  },
  {
    codePrefixes: ['BV'],
    words: ['utilit', 'energy bill', 'liheap'],
    services: ['Utility Assistance'],
    organizationType: 'Community-Based Organization',
  },
  {
    codePrefixes: ['RX'],
    words: ['substance', 'addiction', 'alcohol', 'opioid', 'detox', 'recovery'],
    services: ['Substance Abuse Treatment'],
    organizationType: 'Mental Health Services',
  },
  {
    codePrefixes: ['R'],
    words: ['mental', 'counseling', 'counselling', 'behavioral', 'therapy', 'crisis'],
    services: ['Mental Health Services', 'Behavioral Health', 'Mental Health'],
    organizationType: 'Mental Health Services',
  },
  {
    codePrefixes: ['L'],
    words: ['clinic', 'health care', 'healthcare', 'primary care', 'medical care', 'dental'],
    services: ['Primary Care', 'Healthcare Navigation'],
    organizationType: 'Healthcare Provider',
  },
  {
    codePrefixes: ['F'],
    words: ['legal', 'lawyer', 'attorney', 'immigration'],
    services: ['Legal Aid'],
    organizationType: 'Non-Profit Organization',
  },
  {
    codePrefixes: ['ND'],
    words: ['employment', 'job', 'career', 'workforce'],
    services: ['Employment Services'],
    organizationType: 'Community-Based Organization',
  },
  {
    codePrefixes: ['NL'],
    words: ['benefit', 'medicaid enrollment', 'public assistance'],
    services: ['Benefits Enrollment'],
    organizationType: 'Social Services Agency',
  },
  {
    codePrefixes: ['H'],
    words: ['education', 'literacy', 'tutoring', 'ged'],
    services: ['Education Services'],
    organizationType: 'Community-Based Organization',
  },
  {
    codePrefixes: [],
    words: ['child care', 'childcare', 'daycare', 'preschool'],
    services: ['Childcare'],
    organizationType: 'Community-Based Organization',
  },
  {
    codePrefixes: [],
    words: ['case management', 'care coordination', 'navigation'],
    services: ['Case Management'],
    organizationType: 'Social Services Agency',
  },
];

function wordsMatch(text: string, words: readonly string[]): boolean {
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')}`;
  return words.some((w) => lower.includes(` ${w}`));
}

/** The rules of one term: its code's longest listed prefix, else every rule whose words its name holds. */
export function hsdsRulesOf(term: { code?: string | null; name: string }): HsdsServiceRule[] {
  const code = term.code?.trim().toUpperCase() ?? '';
  if (/^[A-Z]{1,2}(-|$)/.test(code)) {
    let best: { rule: HsdsServiceRule; length: number } | null = null;
    for (const rule of HSDS_SERVICE_RULES) {
      for (const prefix of rule.codePrefixes) {
        if (code.startsWith(prefix) && (!best || prefix.length > best.length))
          best = { rule, length: prefix.length };
      }
    }
    if (best) return [best.rule];
  }
  return HSDS_SERVICE_RULES.filter((r) => wordsMatch(term.name, r.words));
}

/** The directory services and organization type of an HSDS service: its name and its taxonomy terms. */
export function servicesOfHsds(
  serviceName: string,
  terms: readonly { code?: string | null; name: string }[],
): { services: string[]; organizationType: string } {
  let rules = terms.flatMap(hsdsRulesOf);
  if (rules.length === 0) rules = hsdsRulesOf({ name: serviceName });
  const services = new Set(rules.flatMap((r) => r.services));
  const organizationType = rules[0]?.organizationType ?? null;
  for (const t of terms) if (t.name.trim()) services.add(t.name.trim());
  return { services: [...services], organizationType: organizationType ?? 'Community-Based Organization' };
}
