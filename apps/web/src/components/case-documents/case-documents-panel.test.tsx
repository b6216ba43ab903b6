import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferralDocument, ReferralDocumentList } from '@trust/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveActiveCboId } from '../../api/credentials.ts';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { callsTo, errorResponse, headersOf, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { storeSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { CaseDocumentsPanel } from './case-documents-panel.tsx';

const REFERRAL = 5;
const LIST = `GET /api/referrals/${REFERRAL}/documents`;

function doc(overrides: Partial<ReferralDocument> = {}): ReferralDocument {
  return {
    id: 1,
    referral_id: REFERRAL,
    filename: 'Referral form.pdf',
    file_size: 1536,
    uploaded_at: '2026-03-04T15:30:00.000Z',
    content_type: 'application/pdf',
    uploaded_by: 7,
    uploaded_by_name: 'Dana Rivers',
    can_delete: true,
    ...overrides,
  };
}

function listOf(
  documents: ReferralDocument[],
  overrides: Partial<ReferralDocumentList> = {},
): ReferralDocumentList {
  return {
    documents,
    can_upload: true,
    max_file_size: 20 * 1024 * 1024,
    total: documents.length,
    page: 1,
    page_size: 50,
    ...overrides,
  };
}

const pdf = doc();
const photo = doc({
  id: 2,
  filename: 'wound.png',
  file_size: 2_500_000,
  content_type: 'image/png',
  uploaded_by_name: null,
  can_delete: false,
});
const letter = doc({
  id: 3,
  filename: 'letter.docx',
  file_size: 900,
  content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
});

let objectUrls: string[];
const createObjectURL = vi.fn((blob: Blob) => {
  const url = `blob:test/${objectUrls.length + 1}-${blob.type}`;
  objectUrls.push(url);
  return url;
});
const revokeObjectURL = vi.fn();

beforeEach(() => {
  storeSession('marker-abc');
  saveActiveCboId(12);
  FakeXhr.sent = [];
  objectUrls = [];
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function fileResponse(body: string, type: string): Response {
  return new Response(new Blob([body], { type }), { status: 200, headers: { 'content-type': type } });
}

function chooser(): HTMLInputElement {
  return screen.getByLabelText('Choose a document to upload') as HTMLInputElement;
}

describe('CaseDocumentsPanel', () => {
  it('lists the documents with name, size, upload date and uploader, and Delete only where allowed', async () => {
    const fetchMock = mockFetch({ [LIST]: () => jsonResponse(200, listOf([pdf, photo])) });
    renderWithProviders(<CaseDocumentsPanel referralId={REFERRAL} />);
    expect(screen.getByRole('heading', { name: 'Documents' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Case documents' });
    const [first, second] = within(list).getAllByRole('listitem');

    expect(within(first!).getByText('Referral form.pdf')).toBeInTheDocument();
    expect(within(first!).getByText(/1\.5 KB/)).toBeInTheDocument();
    expect(within(first!).getByText(new Date(pdf.uploaded_at).toLocaleDateString())).toBeInTheDocument();
    expect(within(first!).getByText(/Dana Rivers/)).toBeInTheDocument();
    for (const action of ['Preview', 'Download', 'Delete']) {
      expect(within(first!).getByRole('button', { name: `${action} Referral form.pdf` })).toBeInTheDocument();
    }
    expect(within(second!).getByText(/2\.4 MB/)).toBeInTheDocument();
    expect(within(second!).getByText(/Unknown User/)).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeEnabled();
    expect(chooser()).toHaveAttribute('accept', '.pdf,.doc,.docx,.txt,.jpg,.jpeg,.png');
    expect(chooser()).not.toHaveAttribute('multiple');
    const [url, init] = callsTo(fetchMock, 'GET', `/api/referrals/${REFERRAL}/documents`)[0]!;
    expect(String(url)).toBe(`/api/referrals/${REFERRAL}/documents?page=1&page_size=50`);
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).get('authorization')).toBeNull();
  });

  it('says when there are no documents, and offers no upload to a viewer', async () => {
    mockFetch({ [LIST]: () => jsonResponse(200, listOf([], { can_upload: false })) });
    renderWithProviders(<CaseDocumentsPanel referralId={REFERRAL} />);
    expect(await screen.findByText('No documents uploaded')).toBeInTheDocument();
    expect(screen.getByText('Upload relevant documents for this case.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Document' })).not.toBeInTheDocument();
  });

  it('asks for a referral first when none is selected', () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<CaseDocumentsPanel referralId={null} />);
    expect(screen.getByText('No referral selected. Please select a referral first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/documents'))).toBe(false);
  });

  it('uploads the chosen file as multipart with the bearer token, shows its progress, then refreshes the list', async () => {
    let listed = [pdf];
    const fetchMock = mockFetch({ [LIST]: () => jsonResponse(200, listOf(listed)) });
    renderWithProviders(<CaseDocumentsPanel referralId={REFERRAL} />);
    await screen.findByText('Referral form.pdf');

    const file = new File(['hello world'], 'intake notes.txt', { type: 'text/plain' });
    await userEvent.upload(chooser(), file);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/referrals/${REFERRAL}/documents`);
    // A same-origin XMLHttpRequest carries the session cookie by itself; no token in a header.
    expect(xhr.headers.authorization).toBeUndefined();
    expect(xhr.headers['x-cbo-id']).toBe('12');
    expect(xhr.headers['content-type']).toBeUndefined();
    expect(xhr.body).toBeInstanceOf(FormData);
    const sent = xhr.body!.get('file') as File;
    expect(sent.name).toBe('intake notes.txt');
    expect(sent.size).toBe(file.size);
    expect(xhr.body!.has('uploaded_by')).toBe(false);

    xhr.progress(5, 10);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading intake notes.txt' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Uploading intake notes.txt… 50%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Document' })).toBeDisabled();

    listed = [doc({ id: 9, filename: 'intake notes.txt', content_type: 'text/plain; charset=utf-8' }), pdf];
    xhr.respond(201, listed[0]);
    expect(await screen.findByText('intake notes.txt')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `/api/referrals/${REFERRAL}/documents`)).toHaveLength(2);
  });

  it('shows the server’s refusal as "Failed to upload file: …" and a failed call as "Error uploading file: …"', async () => {
    mockFetch({ [LIST]: () => jsonResponse(200, listOf([pdf])) });
    renderWithProviders(<CaseDocumentsPanel referralId={REFERRAL} />);
    await screen.findByText('Referral form.pdf');

    await userEvent.upload(chooser(), new File(['PNG'], 'scan.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const refusal = "The file's content is not a valid .pdf file.";
    FakeXhr.sent[0]!.respond(415, {
      code: 'unsupported_media_type',
      detail: refusal,
      message: refusal,
      error: refusal,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to upload file: ${refusal}`);

    await userEvent.upload(chooser(), new File(['x'], 'again.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.fail();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error uploading file: Backend service is not available. Please try again later or contact support.',
    );
  });

  it('checks the size limit and the type before sending anything', async () => {
    mockFetch({ [LIST]: () => jsonResponse(200, listOf([pdf], { max_file_size: 10 })) });
    renderWithProviders(<CaseDocumentsPanel referralId={REFERRAL} />);
    await screen.findByText('Referral form.pdf');

    await userEvent.upload(chooser(), new File(['12345678901'], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to upload file: The file is larger than the 10 B limit. Choose a smaller file.',
    );
    fireEvent.change(chooser(), { target: { files: [new File(['MZ'], 'setup.exe')] } });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Failed to upload file: Only PDF, DOC, DOCX, TXT, JPG, JPEG and PNG files can be uploaded.',
      ),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('previews a PDF in a frame from the fetched file, and revokes its URL on close', async () => {
    const fetchMock = mockFetch({
      [LIST]: () => jsonResponse(200, listOf([pdf])),
      [`GET /api/referrals/${REFERRAL}/documents/1`]: () => fileResponse('%PDF-1.4', 'application/pdf'),
    });
    renderWithProviders(<CaseDocumentsPanel referralId={REFERRAL} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Referral form.pdf' }));

    const dialog = await screen.findByRole('dialog', { name: 'Referral form.pdf' });
    const frame = await within(dialog).findByTitle('Preview of Referral form.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'blob:test/1-application/pdf');
    const [url, init] = callsTo(fetchMock, 'GET', `/api/referrals/${REFERRAL}/documents/1`)[0]!;
    expect(String(url)).toBe(`/api/referrals/${REFERRAL}/documents/1?disposition=inline`);
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).get('authorization')).toBeNull();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:test/1-application/pdf'));
  });

  it('previews an image as an image', async () => {
    mockFetch({
      [LIST]: () => jsonResponse(200, listOf([photo])),
      [`GET /api/referrals/${REFERRAL}/documents/2`]: () => fileResponse('PNG', 'image/png'),
    });
    renderWithProviders(<CaseDocumentsPanel referralId={REFERRAL} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview wound.png' }));
    const image = await screen.findByRole('img', { name: 'wound.png' });
    expect(image).toHaveAttribute('src', 'blob:test/1-image/png');
  });

  it('says a .docx has no preview yet and offers Download to View, which downloads it', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetchMock = mockFetch({
      [LIST]: () => jsonResponse(200, listOf([letter])),
      [`GET /api/referrals/${REFERRAL}/documents/3`]: () => fileResponse('PK', letter.content_type),
    });
    renderWithProviders(<CaseDocumentsPanel referralId={REFERRAL} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview letter.docx' }));
    const dialog = await screen.findByRole('dialog', { name: 'letter.docx' });
    expect(
      within(dialog).getByText('Preview will be available for supported file types (PDF, images)'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', `/api/referrals/${REFERRAL}/documents/3`)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Download to View' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('letter.docx');
    expect(link.href).toBe(objectUrls[0]);
    click.mockRestore();
  });

  it('downloads a file under its name, and says "Failed to download document." when it cannot', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let fail = false;
    const fetchMock = mockFetch({
      [LIST]: () => jsonResponse(200, listOf([pdf])),
      [`GET /api/referrals/${REFERRAL}/documents/1`]: () =>
        fail
          ? errorResponse(404, 'Document not found', 'not_found')
          : fileResponse('%PDF-1.4', 'application/pdf'),
    });
    renderWithProviders(<CaseDocumentsPanel referralId={REFERRAL} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download Referral form.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Referral form.pdf');
    const [url] = callsTo(fetchMock, 'GET', `/api/referrals/${REFERRAL}/documents/1`)[0]!;
    expect(String(url)).toBe(`/api/referrals/${REFERRAL}/documents/1`);

    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Download Referral form.pdf' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to download document.');
    expect(alert).toHaveTextContent('Document not found');
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('deletes after confirmation and refreshes the list; failures say so', async () => {
    let listed = [pdf, letter];
    let answer: () => Response = () => jsonResponse(200, { message: 'Document deleted', id: 1 });
    const fetchMock = mockFetch({
      [LIST]: () => jsonResponse(200, listOf(listed)),
      [`DELETE /api/referrals/${REFERRAL}/documents/1`]: () => answer(),
      [`DELETE /api/referrals/${REFERRAL}/documents/3`]: () => answer(),
    });
    renderWithProviders(<CaseDocumentsPanel referralId={REFERRAL} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Referral form.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
    expect(within(dialog).getByText('Are you sure you want to delete this document?')).toBeInTheDocument();

    // Cancel keeps it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', `/api/referrals/${REFERRAL}/documents/1`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Referral form.pdf' }));
    listed = [letter];
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete document' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Referral form.pdf')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', `/api/referrals/${REFERRAL}/documents/1`)).toHaveLength(1);

    const confirmDeleteOfLetter = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Delete letter.docx' }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Delete document' })).getByRole('button', {
          name: 'Delete',
        }),
      );
    };
    answer = () =>
      errorResponse(403, 'Only the person who uploaded this document can delete it.', 'forbidden');
    await confirmDeleteOfLetter();
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Failed to delete document.');
    expect(refused).toHaveTextContent('Only the person who uploaded this document can delete it.');

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await userEvent.click(within(refused).getByRole('button', { name: 'Dismiss' }));
    await confirmDeleteOfLetter();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error deleting document.');
  });

  it('refetches when the server says this referral’s documents changed', async () => {
    let push: ((frame: string) => void) | null = null;
    const fetchMock = mockFetch({
      [LIST]: () => jsonResponse(200, listOf([pdf])),
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
    renderWithProviders(<CaseDocumentsPanel referralId={REFERRAL} />);
    await screen.findByText('Referral form.pdf');
    await waitFor(() => expect(push).not.toBeNull());
    const event = (id: string, data: unknown) =>
      `id: ${id}\ndata: ${JSON.stringify({ id, type: 'referral.changed', at: new Date().toISOString(), data })}\n\n`;
    push!(event('e1', { id: 99, change: 'document_uploaded' }));
    push!(event('e2', { id: REFERRAL, change: 'note_added' }));
    push!(event('e3', { id: REFERRAL, change: 'document_uploaded' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `/api/referrals/${REFERRAL}/documents`)).toHaveLength(2),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(fetchMock, 'GET', `/api/referrals/${REFERRAL}/documents`)).toHaveLength(2);
  });
});
