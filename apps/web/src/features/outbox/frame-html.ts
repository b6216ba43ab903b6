/**
 * An HTML body is untrusted: it is shown only in a sandboxed frame (no scripts, no access to this origin); links
 * in it open in a new tab. Its policy loads nothing from elsewhere: an administrator reading the outbox is not
 * the recipient, so a provider email's tracking pixel must not count as the provider opening it.
 */
const FRAME_POLICY =
  '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; img-src data:; style-src \'unsafe-inline\'">';

/**
 * The frame's document: its policy, links to new tabs, and the email with every image that is not inline data
 * left without a source. The policies (the frame's and the page's, issue #12) would refuse those images anyway;
 * removing them first keeps a tracked email from showing a policy violation each time it is opened.
 */
export function emailFrameDocument(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const img of doc.querySelectorAll('img')) {
    if (!(img.getAttribute('src') ?? '').startsWith('data:')) img.removeAttribute('src');
    img.removeAttribute('srcset');
  }
  for (const source of doc.querySelectorAll('picture source')) source.removeAttribute('srcset');
  return `${FRAME_POLICY}<base target="_blank">${doc.documentElement.innerHTML}`;
}
