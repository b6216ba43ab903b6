import { escapeHtml, textToEmailHtml } from '@trust/domain';
import sanitizeHtml from 'sanitize-html';

// The HTML of an email is untrusted both ways (DESIGN.md "HTML sanitising"): a coordinator's HTML body and a
// provider's reply are reduced to formatting and links before they are stored, sent or shown. No scripts, event
// handlers, frames, forms, images (remote images are the sender's tracking beacons) or styles beyond a few
// harmless text properties; links keep http(s), mailto and tel only and open in a new tab without a referrer.

const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\(\s*[\d.%\s,]+\))$/i;
const TEXT_STYLES = {
  color: [COLOR],
  'background-color': [COLOR],
  'text-align': [/^(left|right|center|justify)$/],
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(normal|italic|oblique)$/],
  'text-decoration': [/^(none|underline|line-through|overline)$/],
};

const EMAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'font', 'center'],
  allowedAttributes: {
    '*': ['style', 'dir', 'lang', 'title'],
    a: ['href', 'name', 'target', 'rel'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'align', 'valign'],
    table: ['border', 'cellpadding', 'cellspacing', 'width', 'align'],
    ol: ['start', 'type'],
    font: ['color'],
  },
  allowedStyles: { '*': TEXT_STYLES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Elements whose content is not text for a reader: dropped with everything inside them.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'noscript',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'template',
    'title',
    'head',
    'svg',
    'math',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

/** An email's HTML reduced to formatting and links (untrusted input, either direction). */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, EMAIL_HTML)
    .replace(/\sstyle=""/g, '')
    .trim();
}

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': ' ',
};

/**
 * The plain text of sanitised email HTML (the text part of an HTML email, the body_text of an HTML-only reply):
 * a line per block and line break, a link's address after its text when they differ.
 */
export function emailHtmlToText(safeHtml: string): string {
  const marked = safeHtml
    .replace(/\s+/g, ' ')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_whole, href: string, inner: string) => {
      const label = inner.replace(/<[^>]*>/g, '').trim();
      const url = href.replace(/&amp;/g, '&');
      return label && label !== url && `mailto:${label}` !== url ? `${inner} (${url})` : inner || url;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre|table|ul|ol)>/gi, '\n')
    .replace(/<(p|div|h[1-6]|blockquote|table|ul|ol)(\s[^>]*)?>/gi, '\n')
    .replace(/<\/t[dh]>/gi, '\t');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }).replace(
    /&(lt|gt|amp|quot|nbsp|#39|#x27);/g,
    (entity) => ENTITIES[entity] ?? entity,
  );
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/g;

/**
 * The HTML alternative of a text email: the text escaped, in paragraphs, its web addresses made links (so they
 * are tracked like an HTML email's, 001 §2.13 clicked).
 */
export function textToLinkedHtml(text: string): string {
  return textToEmailHtml(text).replace(URL_IN_TEXT, (found) => {
    // Sentence punctuation after an address is not part of it.
    const url = found.replace(/[.,;:!?)\]']+$/, '');
    return `<a href="${url}">${url}</a>${found.slice(url.length)}`;
  });
}

/**
 * The HTML that is delivered: every http(s) link goes through `trackLink` (001 §2.13 clicked) and a 1×1 image
 * at `pixelUrl` reports the first open. Only the delivered copy carries them: what is stored and shown to the
 * coordinator is the clean HTML, so reading one's own email is not an open.
 */
export function withTracking(
  safeHtml: string,
  tracking: { pixelUrl: string; trackLink: (url: string) => string },
): string {
  const linked = sanitizeHtml(safeHtml, {
    ...EMAIL_HTML,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href;
        return {
          tagName,
          attribs: {
            ...attribs,
            ...(href && /^https?:\/\//i.test(href) ? { href: tracking.trackLink(href) } : {}),
            target: '_blank',
            rel: 'noopener noreferrer',
          },
        };
      },
    },
  });
  return (
    '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>\n' +
    `${linked}\n` +
    `<img src="${escapeHtml(tracking.pixelUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">\n` +
    '</body></html>'
  );
}
