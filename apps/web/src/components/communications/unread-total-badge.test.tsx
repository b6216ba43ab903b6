import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { storeSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { conversationList, makeConversation } from './communication-fixtures.ts';
import { UnreadTotalBadge } from './unread-total-badge.tsx';

describe('UnreadTotalBadge', () => {
  it('shows the total unread of every thread, asking for one thread only', async () => {
    storeSession();
    const fetchMock = mockFetch({
      'GET /api/conversations': () => jsonResponse(200, conversationList([makeConversation()], 12)),
    });
    renderWithProviders(<UnreadTotalBadge />);
    expect(await screen.findByLabelText('12 unread')).toHaveTextContent('12');
    const [url] = callsTo(fetchMock, 'GET', '/api/conversations')[0]!;
    expect(new URL(String(url), 'http://x').searchParams.get('page_size')).toBe('1');
  });
});
