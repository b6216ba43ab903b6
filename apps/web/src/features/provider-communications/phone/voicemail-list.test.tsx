import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Voicemail } from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { callsTo, headersOf, jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { storeSession } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { stubMediaPlayback, stubObjectUrls } from './media-stubs.ts';
import { makeVoicemail } from './phone-fixtures.ts';
import { VoicemailList } from './voicemail-list.tsx';

const first = makeVoicemail({
  id: 1,
  from_number: '+12135550101',
  duration_seconds: 40,
  transcription_text: 'Hi, this is Harbor calling back about the housing referral.',
  transcription_status: 'completed',
});
const second = makeVoicemail({
  id: 2,
  from_number: '2135550102',
  duration_seconds: 125,
  recording_url: '/api/voicemails/2/recording',
  is_read: true,
});

function renderVoicemails(voicemails: Voicemail[] = [first, second]) {
  storeSession();
  let list = voicemails;
  const fetchMock = mockFetch({
    'GET /api/voicemails': () =>
      jsonResponse(200, {
        voicemails: list,
        unread: list.filter((v) => !v.is_read).length,
        total: list.length,
        page: 1,
        page_size: 50,
      }),
    'GET /api/voicemails/1/recording': () =>
      new Response(new Blob(['ID3']), { headers: { 'content-type': 'audio/mpeg' } }),
    'GET /api/voicemails/2/recording': () =>
      new Response(new Blob(['ID3']), { headers: { 'content-type': 'audio/mpeg' } }),
    'POST /api/voicemails/1/mark-read': () => {
      list = list.map((v) => (v.id === 1 ? { ...v, is_read: true } : v));
      return jsonResponse(200, { success: true, voicemail: { ...first, is_read: true } });
    },
  });
  renderWithProviders(<VoicemailList providerId={55} />);
  const audio = screen.getByTestId('voicemail-audio') as HTMLAudioElement;
  return { fetchMock, audio };
}

const item = (name: string) => screen.getByRole('listitem', { name: `Voicemail from ${name}` });

describe('the voicemail list (001 §2.16)', () => {
  it('shows the count, the unread badge, and each voicemail with caller, m:ss, time, NEW and transcription', async () => {
    const { fetchMock } = renderVoicemails();
    const list = await screen.findByRole('list', { name: 'Voicemails' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('1 new')).toBeInTheDocument();
    const one = item('(213) 555-0101');
    expect(one).toHaveTextContent('0:40');
    expect(one).toHaveTextContent(new Date(first.received_at).toLocaleString());
    expect(within(one).getByText('NEW')).toBeInTheDocument();
    expect(one).toHaveTextContent('Hi, this is Harbor calling back about the housing referral.');
    expect(within(one).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(
      within(one).getByRole('slider', { name: 'Position in voicemail from (213) 555-0101' }),
    ).toBeInTheDocument();
    const two = item('(213) 555-0102');
    expect(two).toHaveTextContent('2:05');
    expect(within(two).queryByText('NEW')).not.toBeInTheDocument();
    expect(within(two).queryByText('Transcription')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/voicemails')[0]![0]).toBe('/api/voicemails?provider_id=55');
  });

  it("says 'Transcribing…' while the server transcribes one, and nothing once it failed", async () => {
    renderVoicemails([
      makeVoicemail({ id: 3, from_number: '+12135550103', transcription_status: 'pending' }),
      makeVoicemail({ id: 4, from_number: '+12135550104', transcription_status: 'failed' }),
    ]);
    await screen.findByRole('list', { name: 'Voicemails' });
    const pending = item('(213) 555-0103');
    expect(within(pending).getByText('Transcribing…')).toBeInTheDocument();
    expect(within(pending).queryByText('Transcription')).not.toBeInTheDocument();
    const failed = item('(213) 555-0104');
    expect(within(failed).queryByText('Transcribing…')).not.toBeInTheDocument();
    expect(within(failed).queryByText('Transcription')).not.toBeInTheDocument();
  });

  it("says 'No voicemails yet' when there is none", async () => {
    renderVoicemails([]);
    expect(await screen.findByText('No voicemails yet')).toBeInTheDocument();
    expect(screen.queryByText(/new$/)).not.toBeInTheDocument();
  });

  it('plays through an object URL fetched with the bearer token, and the first play marks it read', async () => {
    const urls = stubObjectUrls();
    const media = stubMediaPlayback();
    const { fetchMock, audio } = renderVoicemails();
    await screen.findByRole('list', { name: 'Voicemails' });
    await userEvent.click(screen.getByRole('button', { name: 'Play voicemail from (213) 555-0101' }));

    await waitFor(() => expect(media.play).toHaveBeenCalledTimes(1));
    expect(audio.src).toBe('blob:1');
    expect(urls.create).toHaveBeenCalledTimes(1);
    const [, init] = callsTo(fetchMock, 'GET', '/api/voicemails/1/recording')[0]!;
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).get('Authorization')).toBeNull();
    expect(
      await screen.findByRole('button', { name: 'Pause voicemail from (213) 555-0101' }),
    ).toBeInTheDocument();

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/voicemails/1/mark-read')).toHaveLength(1));
    await waitFor(() => expect(within(item('(213) 555-0101')).queryByText('NEW')).not.toBeInTheDocument());
    expect(screen.queryByText('1 new')).not.toBeInTheDocument();

    // Pause, play again: the same bytes, and no second mark-read.
    await userEvent.click(screen.getByRole('button', { name: 'Pause voicemail from (213) 555-0101' }));
    expect(media.pause).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Play voicemail from (213) 555-0101' }));
    await screen.findByRole('button', { name: 'Pause voicemail from (213) 555-0101' });
    expect(callsTo(fetchMock, 'GET', '/api/voicemails/1/recording')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST', '/api/voicemails/1/mark-read')).toHaveLength(1);
  });

  it('plays one voicemail at a time: starting another pauses the first', async () => {
    stubObjectUrls();
    const media = stubMediaPlayback();
    const { fetchMock, audio } = renderVoicemails();
    await screen.findByRole('list', { name: 'Voicemails' });
    await userEvent.click(screen.getByRole('button', { name: 'Play voicemail from (213) 555-0101' }));
    await screen.findByRole('button', { name: 'Pause voicemail from (213) 555-0101' });

    await userEvent.click(screen.getByRole('button', { name: 'Play voicemail from (213) 555-0102' }));
    await screen.findByRole('button', { name: 'Pause voicemail from (213) 555-0102' });
    expect(media.pause).toHaveBeenCalledTimes(1);
    expect(audio.src).toBe('blob:2');
    expect(screen.getByRole('button', { name: 'Play voicemail from (213) 555-0101' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Pause voicemail/ })).toHaveLength(1);
    // An already read voicemail is not marked again.
    expect(callsTo(fetchMock, 'POST', '/api/voicemails/2/mark-read')).toHaveLength(0);
  });

  it('seeks where the progress bar is clicked, and with the arrow keys', async () => {
    stubObjectUrls();
    stubMediaPlayback();
    const { audio } = renderVoicemails();
    await screen.findByRole('list', { name: 'Voicemails' });
    await userEvent.click(screen.getByRole('button', { name: 'Play voicemail from (213) 555-0101' }));
    await screen.findByRole('button', { name: 'Pause voicemail from (213) 555-0101' });

    const bar = screen.getByRole('slider', { name: 'Position in voicemail from (213) 555-0101' });
    bar.getBoundingClientRect = () => ({ left: 100, width: 200, top: 0, height: 10 }) as DOMRect;
    fireEvent.click(bar, { clientX: 150 });
    expect(audio.currentTime).toBe(10);
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(bar).toHaveAttribute('aria-valuetext', '0:10 of 0:40');
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(15);

    // The bar of another voicemail starts that one from there.
    const other = screen.getByRole('slider', { name: 'Position in voicemail from (213) 555-0102' });
    other.getBoundingClientRect = () => ({ left: 0, width: 100, top: 0, height: 10 }) as DOMRect;
    fireEvent.click(other, { clientX: 20 });
    await screen.findByRole('button', { name: 'Pause voicemail from (213) 555-0102' });
    expect(audio.src).toBe('blob:2');
    expect(audio.currentTime).toBe(25);
  });

  it('sets the volume from 0 to 1 in steps of 0.01, and mutes', async () => {
    const { audio } = renderVoicemails();
    await screen.findByRole('list', { name: 'Voicemails' });
    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(volume).toHaveAttribute('aria-valuemin', '0');
    expect(volume).toHaveAttribute('aria-valuemax', '1');
    expect(volume).toHaveAttribute('aria-valuenow', '1');
    volume.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(volume).toHaveAttribute('aria-valuenow', '0.99');
    expect(audio.volume).toBeCloseTo(0.99);
    await userEvent.keyboard('{Home}');
    expect(audio.volume).toBe(0);

    const mute = screen.getByRole('button', { name: 'Mute' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(mute);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(audio.muted).toBe(true);
    await userEvent.click(mute);
    expect(audio.muted).toBe(false);
  });
});
