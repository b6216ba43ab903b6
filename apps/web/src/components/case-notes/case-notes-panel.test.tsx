import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CaseNote, CaseNoteList } from '@trust/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, deferred, errorResponse, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { CaseNotesPanel } from './case-notes-panel.tsx';

// ProseMirror measures the selection to scroll it into view; jsdom does no layout, so it gets empty boxes.
beforeAll(() => {
  const emptyRect = () => ({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    bottom: 0,
    right: 0,
    width: 0,
    height: 0,
    toJSON: () => ({}),
  });
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = emptyRect as () => DOMRect;
  document.elementFromPoint = () => null;
});

const REFERRAL = 5;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function note(overrides: Partial<CaseNote> = {}): CaseNote {
  const at = minutesAgo(5);
  return {
    id: 1,
    referral_id: REFERRAL,
    user_id: 7,
    organization_id: 1,
    content: 'Called the member. Prefers afternoons.',
    content_html: '<p>Called the member. <strong>Prefers afternoons.</strong></p>',
    is_voice_note: false,
    language: 'en',
    author_name: 'Dana Rivers',
    visibility: 'internal',
    created_at: at,
    updated_at: at,
    can_edit: true,
    has_audio: false,
    audio_duration_seconds: null,
    transcription_engine: null,
    ...overrides,
  };
}

function listOf(notes: CaseNote[], overrides: Partial<CaseNoteList> = {}): CaseNoteList {
  return {
    notes,
    can_add: true,
    shares_with: 'provider',
    referring_organization_id: 1,
    total: notes.length,
    page: 1,
    page_size: 50,
    ...overrides,
  };
}

const mine = note();
const theirs = note({
  id: 2,
  user_id: 9,
  author_name: null,
  content: 'Provider intake booked',
  content_html: '<p style="text-align:center">Provider intake booked</p>',
  created_at: minutesAgo(180),
  updated_at: minutesAgo(30),
  can_edit: false,
});

function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

async function typeNew(text: string) {
  const box = await screen.findByRole('textbox', { name: 'New note' });
  await userEvent.click(box);
  await userEvent.type(box, text);
  return box;
}

describe('CaseNotesPanel', () => {
  it('lists the Note History with author (or Unknown User), relative time, edited, rich text, and actions only on editable notes', async () => {
    const fetchMock = mockFetch({ 'GET /api/case-notes': () => jsonResponse(200, listOf([mine, theirs])) });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    expect(screen.getByRole('heading', { name: 'Case Notes' })).toBeInTheDocument();
    const history = await screen.findByRole('list', { name: 'Note History' });
    const [first, second] = within(history).getAllByRole('listitem');

    expect(within(first!).getByText('Dana Rivers')).toBeInTheDocument();
    expect(within(first!).getByText('5 min ago')).toBeInTheDocument();
    expect(within(first!).queryByText('edited')).not.toBeInTheDocument();
    expect(within(first!).getByText('Prefers afternoons.').tagName).toBe('STRONG');
    expect(within(first!).getByRole('button', { name: 'Edit note by Dana Rivers' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Delete note by Dana Rivers' })).toBeInTheDocument();

    expect(within(second!).getByText('Unknown User')).toBeInTheDocument();
    expect(within(second!).getByText('3h ago')).toBeInTheDocument();
    expect(within(second!).getByText('edited')).toBeInTheDocument();
    expect(within(second!).getByText('Provider intake booked')).toHaveStyle({ textAlign: 'center' });
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();

    const url = String(callsTo(fetchMock, 'GET', '/api/case-notes')[0]?.[0]);
    expect(url).toBe(`/api/case-notes?referral_id=${REFERRAL}&page=1&page_size=50`);
    // 001 §2.17: tabs 'Text Note' (open) and 'Voice Note' (issue #19); text notes carry no voice badge or player.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Text Note', 'Voice Note']);
    expect(screen.getByRole('tab', { name: 'Text Note' })).toHaveAttribute('aria-selected', 'true');
    expect(within(history).queryByText(/voice note/i)).not.toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: /play recording/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });

  it('sanitises a note before rendering it: scripts, handlers, links and foreign styles never reach the page', async () => {
    const hostile = note({
      content_html:
        '<p onclick="window.hacked=1">Safe text</p><script>window.hacked=1</script><img src="x" onerror="window.hacked=1">' +
        '<a href="javascript:window.hacked=1">click me</a><iframe src="https://evil.example"></iframe>' +
        '<p style="position:fixed;top:0">Styled</p><h3 style="text-align:right">Large</h3>',
    });
    mockFetch({ 'GET /api/case-notes': () => jsonResponse(200, listOf([hostile])) });
    const { container } = renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    const item = await screen.findByRole('listitem', { name: 'Note by Dana Rivers' });
    expect(within(item).getByText('Safe text')).toBeInTheDocument();
    expect(within(item).getByText('click me').closest('a')).toBeNull();
    expect(container.querySelector('script, img, iframe, a, [onclick], [onerror]')).toBeNull();
    expect(within(item).getByText('Styled')).not.toHaveAttribute('style');
    expect(within(item).getByText('Large')).toHaveAttribute('style', 'text-align:right');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows a plain-text note as paragraphs when it has no rich text', async () => {
    mockFetch({
      'GET /api/case-notes': () =>
        jsonResponse(200, listOf([note({ content: 'Line <one>\nLine two', content_html: null })])),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    expect(await screen.findByText('Line <one>')).toBeInTheDocument();
    expect(screen.getByText('Line two').tagName).toBe('P');
  });

  it('adds a note: the body sent, the editor cleared, the list refetched', async () => {
    let listed: CaseNote[] = [];
    const fetchMock = mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf(listed)),
      'POST /api/case-notes': (init) => {
        const body = bodyOf(init) as { content: string; content_html: string };
        listed = [note({ id: 3, content: body.content, content_html: body.content_html })];
        return jsonResponse(201, listed[0]);
      },
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    expect(await screen.findByText('No notes yet. Write the first one above.')).toBeInTheDocument();
    const box = await typeNew('Member asked for a ride');
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/case-notes')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/case-notes')[0]?.[1])).toEqual({
      referral_id: REFERRAL,
      content: 'Member asked for a ride',
      content_html: '<p>Member asked for a ride</p>',
      visibility: 'internal',
      is_voice_note: false,
    });
    expect(await screen.findByRole('listitem', { name: 'Note by Dana Rivers' })).toHaveTextContent(
      'Member asked for a ride',
    );
    await waitFor(() => expect(box).toHaveTextContent(''));
    expect(screen.getByRole('button', { name: 'Add Note' })).toBeDisabled();
  });

  it('sends the formats of the toolbar as rich text', async () => {
    const fetchMock = mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([])),
      'POST /api/case-notes': () => jsonResponse(201, note({ id: 4 })),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await typeNew('Plan');
    await userEvent.click(screen.getByRole('button', { name: 'Large text' }));
    await userEvent.click(screen.getByRole('button', { name: 'Align text: center' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/case-notes')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/case-notes')[0]?.[1])).toMatchObject({
      content: 'Plan',
      content_html: '<h3 style="text-align: center;">Plan</h3>',
    });
  });

  it('keeps Add Note disabled while the note is blank and while it is being saved (001 §5)', async () => {
    const pending = deferred<Response>();
    const fetchMock = mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([])),
      'POST /api/case-notes': () => pending.promise,
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await typeNew('   ');
    const add = screen.getByRole('button', { name: 'Add Note' });
    expect(add).toBeDisabled();
    await userEvent.click(add);
    expect(callsTo(fetchMock, 'POST', '/api/case-notes')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'New note' }), 'x');
    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() => expect(add).toBeDisabled());
    pending.resolve(jsonResponse(201, note({ id: 5 })));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/case-notes')).toHaveLength(1));
  });

  it('pastes plain text only: formatting from the clipboard is dropped', async () => {
    mockFetch({ 'GET /api/case-notes': () => jsonResponse(200, listOf([])) });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    const box = await screen.findByRole('textbox', { name: 'New note' });
    await userEvent.click(box);
    const clipboard: Record<string, string> = {
      'text/html':
        '<h1 style="color:red">Title</h1><p><b>Bold</b> and <a href="https://x.example">a link</a></p>',
      'text/plain': 'Title\nBold and a link',
    };
    fireEvent.paste(box, {
      clipboardData: { getData: (type: string) => clipboard[type] ?? '', types: Object.keys(clipboard) },
    });
    await waitFor(() => expect(box).toHaveTextContent('TitleBold and a link'));
    expect(box.querySelector('h1, h3, strong, b, a, [style]')).toBeNull();
    expect(Array.from(box.querySelectorAll('p')).map((p) => p.textContent)).toEqual([
      'Title',
      'Bold and a link',
    ]);
    expect(screen.getByRole('button', { name: 'Add Note' })).toBeEnabled();
  });

  it('edits a note inline: Save sends the new text, needs non-blank text, Cancel leaves it', async () => {
    const fetchMock = mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([mine])),
      'PUT /api/case-notes/1': (init) => {
        const body = bodyOf(init) as { content: string; content_html: string };
        return jsonResponse(200, { ...mine, ...body, updated_at: new Date().toISOString() });
      },
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit note by Dana Rivers' }));
    const box = await screen.findByRole('textbox', { name: 'Edit note by Dana Rivers' });
    expect(box).toHaveTextContent('Called the member. Prefers afternoons.');
    expect(within(box).getByText('Prefers afternoons.').tagName).toBe('STRONG');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Edit note by Dana Rivers' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/case-notes/1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Edit note by Dana Rivers' }));
    const again = await screen.findByRole('textbox', { name: 'Edit note by Dana Rivers' });
    await userEvent.click(again);
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    await userEvent.type(again, 'Member moved to a new address');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/case-notes/1')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'PUT', '/api/case-notes/1')[0]?.[1])).toEqual({
      content: 'Member moved to a new address',
      content_html: '<p>Member moved to a new address</p>',
      visibility: 'internal',
    });
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Edit note by Dana Rivers' })).not.toBeInTheDocument(),
    );
  });

  it('deletes a note only after the confirmation', async () => {
    const fetchMock = mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([mine])),
      'DELETE /api/case-notes/1': () => jsonResponse(200, { message: 'Note deleted', id: 1 }),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete note by Dana Rivers' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this note?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/case-notes/1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete note by Dana Rivers' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/case-notes/1')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/case-notes').length).toBeGreaterThan(1));
  });

  it("shows 'Failed to load case notes' with the server's text, and tries again", async () => {
    let fail = true;
    mockFetch({
      'GET /api/case-notes': () =>
        fail ? errorResponse(404, 'Referral not found') : jsonResponse(200, listOf([mine])),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load case notes');
    expect(alert).toHaveTextContent('Referral not found');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Note by Dana Rivers' })).toBeInTheDocument();
  });

  it("shows 'Failed to add note' with the server's text and keeps what was typed", async () => {
    mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([])),
      'POST /api/case-notes': () => errorResponse(403, 'You do not have permission to do that.', 'forbidden'),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    const box = await typeNew('Keep me');
    await userEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to add note');
    expect(alert).toHaveTextContent('You do not have permission to do that.');
    expect(box).toHaveTextContent('Keep me');
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("shows 'Failed to update note' and 'Failed to delete note'", async () => {
    mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([mine])),
      'PUT /api/case-notes/1': () => errorResponse(403, 'Only the author can change this note.', 'forbidden'),
      'DELETE /api/case-notes/1': () =>
        errorResponse(500, 'Something went wrong on our side. Please try again.'),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit note by Dana Rivers' }));
    const box = await screen.findByRole('textbox', { name: 'Edit note by Dana Rivers' });
    await userEvent.type(box, ' more');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update note');
    expect(alert).toHaveTextContent('Only the author can change this note.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete note by Dana Rivers' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete note'));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it("shows the server's message for the note's text under the editor of the note", async () => {
    mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([mine])),
      'PUT /api/case-notes/1': () =>
        jsonResponse(400, {
          code: 'validation_failed',
          detail: 'Invalid body. content: A note can be at most 10000 characters.',
          message: 'Invalid body. content: A note can be at most 10000 characters.',
          error: 'Invalid body. content: A note can be at most 10000 characters.',
          fields: { content: 'A note can be at most 10000 characters.' },
        }),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit note by Dana Rivers' }));
    const box = await screen.findByRole('textbox', { name: 'Edit note by Dana Rivers' });
    await userEvent.type(box, ' more');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const item = screen.getByRole('listitem', { name: 'Note by Dana Rivers' });
    expect(await within(item).findByText('A note can be at most 10000 characters.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Edit note by Dana Rivers' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('sharing with the referral’s other side (issue #12)', () => {
    it('writes internal notes by default; the checkbox shares one with the matched provider, then goes back off', async () => {
      let listed: CaseNote[] = [];
      const fetchMock = mockFetch({
        'GET /api/case-notes': () => jsonResponse(200, listOf(listed)),
        'POST /api/case-notes': (init) => {
          const body = bodyOf(init) as { content: string; visibility: 'internal' | 'shared' };
          listed = [
            note({ id: 10 + listed.length, content: body.content, visibility: body.visibility }),
            ...listed,
          ];
          return jsonResponse(201, listed[0]);
        },
      });
      renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
      const share = await screen.findByRole('checkbox', { name: 'Share with the matched provider' });
      expect(share).not.toBeChecked();
      expect(screen.getByText('Only your organization can read this note.')).toBeInTheDocument();

      await typeNew('Member prefers afternoons');
      await userEvent.click(share);
      expect(
        screen.getByText("The matched provider's organization can read this note too."),
      ).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Add Note' }));
      await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/case-notes')).toHaveLength(1));
      expect(bodyOf(callsTo(fetchMock, 'POST', '/api/case-notes')[0]?.[1])).toMatchObject({
        content: 'Member prefers afternoons',
        visibility: 'shared',
      });
      const item = await screen.findByRole('listitem', { name: 'Note by Dana Rivers' });
      expect(within(item).getByText('Shared with provider')).toBeInTheDocument();
      // The next note starts internal again.
      await waitFor(() =>
        expect(screen.getByRole('checkbox', { name: 'Share with the matched provider' })).not.toBeChecked(),
      );
      await typeNew('Relapse disclosed');
      await userEvent.click(screen.getByRole('button', { name: 'Add Note' }));
      await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/case-notes')).toHaveLength(2));
      expect(bodyOf(callsTo(fetchMock, 'POST', '/api/case-notes')[1]?.[1])).toMatchObject({
        content: 'Relapse disclosed',
        visibility: 'internal',
      });
      // Two notes typed key by key into the editor: slow on a loaded machine.
    }, 15_000);

    it("shows a provider's user what it reads: shared notes badged, and its own choice named for the referrer", async () => {
      const fromReferrer = note({
        id: 21,
        organization_id: 1,
        author_name: 'Casey Coordinator',
        content: 'Member prefers afternoons',
        visibility: 'shared',
        can_edit: false,
      });
      const own = note({
        id: 22,
        organization_id: 2,
        author_name: 'Corey Community',
        content: 'Intake booked',
      });
      mockFetch({
        'GET /api/case-notes': () =>
          jsonResponse(
            200,
            listOf([own, fromReferrer], { shares_with: 'referrer', referring_organization_id: 1 }),
          ),
      });
      renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
      const shared = await screen.findByRole('listitem', { name: 'Note by Casey Coordinator' });
      expect(within(shared).getByText('Shared with provider')).toBeInTheDocument();
      const mineItem = screen.getByRole('listitem', { name: 'Note by Corey Community' });
      expect(within(mineItem).queryByText(/Shared with/)).not.toBeInTheDocument();
      expect(
        screen.getByRole('checkbox', { name: 'Share with the referring organization' }),
      ).not.toBeChecked();
    });

    it('the author shares an existing note from its editor', async () => {
      const fetchMock = mockFetch({
        'GET /api/case-notes': () => jsonResponse(200, listOf([mine])),
        'PUT /api/case-notes/1': (init) => jsonResponse(200, { ...mine, ...(bodyOf(init) as object) }),
      });
      renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit note by Dana Rivers' }));
      const item = screen.getByRole('listitem', { name: 'Note by Dana Rivers' });
      const share = within(item).getByRole('checkbox', { name: 'Share with the matched provider' });
      expect(share).not.toBeChecked();
      await userEvent.click(share);
      await userEvent.click(within(item).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/case-notes/1')).toHaveLength(1));
      expect(bodyOf(callsTo(fetchMock, 'PUT', '/api/case-notes/1')[0]?.[1])).toMatchObject({
        visibility: 'shared',
      });
    });
  });

  it('shows no editor to a caller who may not add notes (a viewer)', async () => {
    mockFetch({ 'GET /api/case-notes': () => jsonResponse(200, listOf([], { can_add: false })) });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('refetches when the server says this referral’s notes changed', async () => {
    let push: ((frame: string) => void) | null = null;
    const fetchMock = mockFetch({
      'GET /api/case-notes': () => jsonResponse(200, listOf([mine])),
      'GET /api/events': () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (frame) => controller.enqueue(new TextEncoder().encode(frame));
            },
          }),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        ),
    });
    renderWithProviders(<CaseNotesPanel referralId={REFERRAL} />);
    await screen.findByRole('listitem', { name: 'Note by Dana Rivers' });
    await waitFor(() => expect(push).not.toBeNull());
    const event = (id: string, data: unknown) =>
      `id: ${id}\ndata: ${JSON.stringify({ id, type: 'referral.changed', at: new Date().toISOString(), data })}\n\n`;
    // Another referral, and a change of this referral that is not about notes: nothing to refetch.
    push!(event('e1', { id: 99, change: 'note_added' }));
    push!(event('e2', { id: REFERRAL, change: 'status_changed' }));
    push!(event('e3', { id: REFERRAL, change: 'note_added' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/case-notes')).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(fetchMock, 'GET', '/api/case-notes')).toHaveLength(2);
  });
});
