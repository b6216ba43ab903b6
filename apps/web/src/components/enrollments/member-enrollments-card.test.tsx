import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeEnrollment, programList } from '../../test/enrollment-fixtures.ts';
import { callsTo, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { storeSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { MemberEnrollmentsCard } from './member-enrollments-card.tsx';

// The Program Enrollments card of a member's profile (002 §2): that member's enrollments, and Enroll in Program.

function renderCard(canEnroll = true) {
  return renderWithProviders(
    <MemoryRouter>
      <MemberEnrollmentsCard memberId={12} memberName="Rosa Delgado" canEnroll={canEnroll} />
    </MemoryRouter>,
  );
}

describe('MemberEnrollmentsCard', { timeout: 20_000 }, () => {
  it("lists the member's enrollments (asked of the server by member) with links to their details", async () => {
    storeSession();
    const fetchMock = mockFetch({
      'GET /api/enrollments/': () =>
        jsonResponse(200, { enrollments: [makeEnrollment({ status: 'active' })], total: 1 }),
    });
    renderCard();
    const link = await screen.findByRole('link', { name: 'Enhanced Care Management' });
    expect(link).toHaveAttribute('href', '/enrollments-view/7');
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(String(callsTo(fetchMock, 'GET', '/api/enrollments/')[0]?.[0])).toContain('member_id=12');
  });

  it('says when there are none, and enrolls the member in a program', async () => {
    storeSession();
    const fetchMock = mockFetch({
      'GET /api/enrollments/': () => jsonResponse(200, { enrollments: [], total: 0 }),
      'GET /api/programs/': () => jsonResponse(200, programList([{ id: 4, name: 'Housing Supports' }])),
      'POST /api/enrollments/': () => jsonResponse(201, makeEnrollment({ program_name: 'Housing Supports' })),
    });
    renderCard();
    expect(await screen.findByText('No program enrollments yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enroll in Program' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Enrollment' });
    expect(within(dialog).getByText('Rosa Delgado')).toBeInTheDocument();
    await within(dialog).findByRole('option', { name: 'Housing Supports' });
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Program' }),
      'Housing Supports',
    );
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Active');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enroll' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/enrollments/')).toHaveLength(1));
    const init = callsTo(fetchMock, 'POST', '/api/enrollments/')[0]?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(init?.body))).toMatchObject({ member_id: 12, program_id: 4, status: 'active' });
  });

  it('offers no Enroll in Program to those who may not enroll', async () => {
    storeSession();
    mockFetch({ 'GET /api/enrollments/': () => jsonResponse(200, { enrollments: [], total: 0 }) });
    renderCard(false);
    expect(await screen.findByText('No program enrollments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enroll in Program' })).toBeNull();
  });
});
