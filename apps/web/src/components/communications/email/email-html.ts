import DOMPurify from 'dompurify';

// The server stores an email's HTML sanitised; the browser sanitises it again before rendering (defence in
// depth, DESIGN.md "HTML sanitising"). Remote images are dropped (they would tell a sender, or a tracker, when
// and where the email was read), and links open in a new tab without the page as referrer.

const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'IMG') {
    const src = node.getAttribute('src') ?? '';
    if (!src.startsWith('data:image/')) node.removeAttribute('src');
  }
  if (node.nodeName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function purifyEmailHtml(html: string): string {
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
}
