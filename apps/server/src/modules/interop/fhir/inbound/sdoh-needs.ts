import type { CodeableConcept } from '@medplum/fhirtypes';
import {
  HOUSING_NEED,
  HOUSING_SUBCATEGORIES,
  OTHER_NEEDS,
  SDOH_CATEGORY_OF_NEED,
  SDOHCC_TEMPORARY_CODES,
  TRANSPORTATION_NEED,
  TRANSPORTATION_SUBCATEGORIES,
} from '@trust/domain';

/**
 * The app's needs (000 §9) by name, for the needs no SDOH category names (Mental Health Support, Legal
 * Services, Childcare Support…) and for the housing and transportation subcategories: a category coding of
 * this system whose code is the need's name as the form lists it.
 */
export const REFERRAL_NEED_CODE_SYSTEM = 'https://trust-marketplace.example/fhir/CodeSystem/referral-need';

/**
 * SDOH category → the form's need: the inverse of what the read side writes (SDOH_CATEGORY_OF_NEED, one place
 * for the pairs both directions use), plus the categories a sender may use for a need the app files under
 * another (homelessness is housing). Unspecified and the categories that name no service the directory lists
 * (veteran status, language or digital access…) give no need.
 */
export const NEED_OF_SDOH_CATEGORY: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(SDOH_CATEGORY_OF_NEED)
      .filter(([, category]) => category !== 'sdoh-category-unspecified')
      .map(([need, category]) => [category, need]),
  ),
  homelessness: HOUSING_NEED,
  'inadequate-housing': HOUSING_NEED,
  'material-hardship': 'Financial Assistance',
  'medical-cost-burden': 'Financial Assistance',
};

export type NeedLists = {
  sdoh_needs: string[];
  housing_subcategories: string[];
  transportation_subcategories: string[];
};

const TOP_NEEDS: readonly string[] = [HOUSING_NEED, TRANSPORTATION_NEED, ...OTHER_NEEDS];

/** The needs a ServiceRequest's categories name, in the form's three lists. */
export function needsOfCategories(categories: readonly CodeableConcept[] | undefined): NeedLists {
  const lists: NeedLists = { sdoh_needs: [], housing_subcategories: [], transportation_subcategories: [] };
  const add = (list: string[], need: string) => {
    if (!list.includes(need)) list.push(need);
  };
  // The needs' own words in category.text (as this server writes them: "Legal Services" under
  // sdoh-category-unspecified) name needs no category code can.
  for (const word of (categories ?? []).flatMap((c) => c.text?.split(',') ?? [])) {
    const need = TOP_NEEDS.find((n) => n.toLowerCase() === word.trim().toLowerCase());
    if (need) add(lists.sdoh_needs, need);
  }
  for (const coding of (categories ?? []).flatMap((c) => c.coding ?? [])) {
    const code = coding.code ?? '';
    if (coding.system === SDOHCC_TEMPORARY_CODES && NEED_OF_SDOH_CATEGORY[code]) {
      add(lists.sdoh_needs, NEED_OF_SDOH_CATEGORY[code]);
    } else if (coding.system === REFERRAL_NEED_CODE_SYSTEM) {
      if ((HOUSING_SUBCATEGORIES as readonly string[]).includes(code)) {
        add(lists.housing_subcategories, code);
        add(lists.sdoh_needs, HOUSING_NEED);
      } else if ((TRANSPORTATION_SUBCATEGORIES as readonly string[]).includes(code)) {
        add(lists.transportation_subcategories, code);
        add(lists.sdoh_needs, TRANSPORTATION_NEED);
      } else if (TOP_NEEDS.includes(code)) {
        add(lists.sdoh_needs, code);
      }
    }
  }
  return lists;
}
