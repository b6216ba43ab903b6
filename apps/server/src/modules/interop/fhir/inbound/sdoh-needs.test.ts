import { SDOHCC_TEMPORARY_CODES } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { needsOfCategories, REFERRAL_NEED_CODE_SYSTEM } from './sdoh-needs.ts';

const sdoh = (code: string) => ({ coding: [{ system: SDOHCC_TEMPORARY_CODES, code }] });

describe('the needs of a ServiceRequest’s categories', () => {
  it('maps SDOH categories to the form’s needs, each once', () => {
    expect(
      needsOfCategories([sdoh('food-insecurity'), sdoh('homelessness'), sdoh('housing-instability')]),
    ).toEqual({
      sdoh_needs: ['Food Assistance', 'Housing Assistance'],
      housing_subcategories: [],
      transportation_subcategories: [],
    });
  });

  it('gives no need for a category that names no service, or another code system', () => {
    expect(
      needsOfCategories([
        sdoh('veteran-status'),
        sdoh('sdoh-category-unspecified'),
        { coding: [{ system: 'http://example.org', code: 'food-insecurity' }] },
      ]).sdoh_needs,
    ).toEqual([]);
    expect(needsOfCategories(undefined).sdoh_needs).toEqual([]);
  });

  it('reads the needs’ own words in category.text, as the read side writes them', () => {
    expect(
      needsOfCategories([{ ...sdoh('sdoh-category-unspecified'), text: 'Legal Services, childcare support' }])
        .sdoh_needs,
    ).toEqual(['Legal Services', 'Childcare Support']);
  });

  it('takes needs and subcategories of the app’s need system, a subcategory with its parent', () => {
    const coding = (code: string) => ({ coding: [{ system: REFERRAL_NEED_CODE_SYSTEM, code }] });
    expect(
      needsOfCategories([
        coding('Transitional housing'),
        coding('Bus passes / transit vouchers'),
        coding('Nope'),
      ]),
    ).toEqual({
      sdoh_needs: ['Housing Assistance', 'Transportation'],
      housing_subcategories: ['Transitional housing'],
      transportation_subcategories: ['Bus passes / transit vouchers'],
    });
  });
});
