import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findTab, tabFromPath } from '../../app/navigation/tabs.ts';
import {
  conversationList,
  makeConversation,
} from '../../components/communications/communication-fixtures.ts';
import { jsonResponse } from '../../test/fetch-mock.ts';
import { renderProviderScreen } from './provider-communications-test-utils.tsx';

describe('Communications routes (003 §2.1, 001 §2.10, §2.11)', { timeout: 60_000 }, () => {
  it('takes an optional provider id', () => {
    expect(findTab('provider-communications')).toMatchObject({ withId: 'optional', group: 'communications' });
    expect(tabFromPath('/provider-communications')?.id).toBeUndefined();
    expect(tabFromPath('/provider-communications/501')).toMatchObject({ id: '501' });
  });

  it("opens the organization's inbox at /provider-communications, with its sidebar entry", async () => {
    renderProviderScreen({
      path: '/provider-communications',
      routes: {
        'GET /api/conversations': () =>
          jsonResponse(200, conversationList([makeConversation({ unread_count: 3 })])),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Communications' })).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Marigold Community Pantry' });
    expect(within(row).getByLabelText('3 unread')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const link = within(nav).getByRole('link', { name: /^Communications/ });
    expect(link).toHaveAttribute('href', '/provider-communications');
    expect(link).toHaveAttribute('aria-current', 'page');
    // The sidebar entry carries the organization's unread total.
    expect(await within(link).findByLabelText('3 unread')).toBeInTheDocument();
    // A coordinator (case manager) of an organization does not see the messages nobody could place (issue #12).
    expect(screen.queryByRole('button', { name: 'Unmatched' })).not.toBeInTheDocument();
  });

  it('offers the Unmatched filter to a platform operator only', async () => {
    renderProviderScreen({ path: '/provider-communications', role: 'administrator', operator: true });
    expect(await screen.findByRole('button', { name: 'Unmatched' })).toBeInTheDocument();
  });

  it('offers no Unmatched filter to a provider user', async () => {
    renderProviderScreen({ path: '/provider-communications', role: 'provider' });
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unmatched' })).not.toBeInTheDocument();
  });

  it('offers no Unmatched filter to an organization admin (the product role admin is not a platform power)', async () => {
    renderProviderScreen({ path: '/provider-communications', role: 'admin' });
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unmatched' })).not.toBeInTheDocument();
  });

  it('says no provider is selected for an address without a provider id', async () => {
    renderProviderScreen({ path: '/provider-communications/abc' });
    expect(await screen.findByRole('heading', { name: 'No provider selected' })).toBeInTheDocument();
  });

  it('on a phone opens the chosen thread below the list and brings it into view', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderProviderScreen({
      path: '/provider-communications',
      width: 390,
      routes: { 'GET /api/conversations': () => jsonResponse(200, conversationList([makeConversation()])) },
    });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await userEvent.click(within(list).getByRole('button', { name: 'Open Marigold Community Pantry' }));
    const panel = await screen.findByRole('region', { name: 'SMS Conversation' });
    expect(list.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    scroll.mockRestore();
  });
});
