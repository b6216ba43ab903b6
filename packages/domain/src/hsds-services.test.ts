import { describe, expect, it } from 'vitest';
import { servicesOfHsds } from './hsds-services.ts';

describe('HSDS taxonomy terms → directory services (issue #21)', () => {
  it('maps an AIRS code by its leading letters, and keeps the term itself as a service', () => {
    expect(servicesOfHsds('Pantry', [{ code: 'BD-1800.2000', name: 'Food Pantries' }])).toEqual({
      services: ['Food Assistance', 'Food Pantries'],
      organizationType: 'Food Bank',
    });
    // RX (substance use) is a longer prefix than R (mental health).
    expect(servicesOfHsds('', [{ code: 'RX-8450', name: 'Outpatient' }]).services).toEqual([
      'Substance Abuse Treatment',
      'Outpatient',
    ]);
  });

  it('maps a term by every rule whose words it holds; the service name only when no term maps', () => {
    expect(servicesOfHsds('Tenant help', [{ name: 'Eviction Legal Defense' }]).services).toEqual([
      'Housing Assistance',
      'Housing Support',
      'Legal Aid',
      'Eviction Legal Defense',
    ]);
    expect(
      servicesOfHsds('Rides to the clinic', [{ name: 'Medical Appointment Transportation' }]).services,
    ).toEqual(['Transportation', 'Medical Appointment Transportation']);
    expect(servicesOfHsds('Weekend Food Pantry', [])).toEqual({
      services: ['Food Assistance'],
      organizationType: 'Food Bank',
    });
    expect(servicesOfHsds('Friendly visits', [])).toEqual({
      services: [],
      organizationType: 'Community-Based Organization',
    });
  });
});
