import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../components/format-date.ts';
import {
  canFindProviders,
  mailtoHref,
  mapsHref,
  memberAddress,
  providerState,
  servicesPreview,
  smsHref,
  telHref,
} from './workspace-format.ts';

describe('quick-contact links (000 §2.7)', () => {
  it('builds tel, sms, mailto and maps links, or none when the detail is missing', () => {
    expect(telHref('(213) 555-0147')).toBe('tel:+12135550147');
    expect(smsHref('(213) 555-0147')).toBe('sms:+12135550147');
    expect(telHref('')).toBeNull();
    expect(smsHref('  ')).toBeNull();
    expect(mailtoHref('imani@example.test')).toBe('mailto:imani@example.test');
    expect(mailtoHref('')).toBeNull();
    const address = memberAddress({
      streetAddress: '410 Alder Way',
      city: 'Los Angeles',
      state: 'CA',
      zipCode: '90012',
    });
    expect(address).toBe('410 Alder Way, Los Angeles, CA 90012');
    expect(mapsHref(address)).toBe(
      'https://www.google.com/maps/search/?api=1&query=410%20Alder%20Way%2C%20Los%20Angeles%2C%20CA%2090012',
    );
    expect(memberAddress({ streetAddress: '', city: '', state: '', zipCode: '' })).toBe('');
    expect(mapsHref('')).toBeNull();
  });
});

describe('workspace display rules', () => {
  it('shows a birth date as MM/DD/YYYY without a time-zone shift', () => {
    expect(formatCalendarDate('1984-06-12')).toBe('06/12/1984');
    expect(formatCalendarDate('')).toBe('—');
  });

  it('shows the first 3 services and counts the rest', () => {
    expect(servicesPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(servicesPreview(['a'])).toEqual({ shown: ['a'], more: 0 });
  });

  it("maps the acceptance status to the provider's state", () => {
    expect(providerState({ acceptanceStatus: 'pending' })).toBe('sent');
    expect(providerState({ acceptanceStatus: 'accepted' })).toBe('accepted');
    expect(providerState({ acceptanceStatus: 'rejected' })).toBe('rejected');
    expect(providerState({ acceptanceStatus: 'expired' })).toBe('expired');
    expect(providerState({ acceptanceStatus: null })).toBe('pending');
  });

  it('offers Find Providers only while Pending or On Hold', () => {
    expect(canFindProviders('pending')).toBe(true);
    expect(canFindProviders('On Hold')).toBe(true);
    expect(canFindProviders('on_hold')).toBe(true);
    for (const s of ['matched', 'authorized', 'accepted', 'in_progress', 'completed', 'rejected']) {
      expect(canFindProviders(s)).toBe(false);
    }
  });
});
