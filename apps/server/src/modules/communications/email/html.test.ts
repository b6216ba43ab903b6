import { describe, expect, it } from 'vitest';
import {
  addressList,
  bareAddress,
  domainOf,
  messageIdForms,
  messageIdsIn,
  newMessageId,
  replyAddress,
  replyTokenOf,
} from './addresses.ts';
import { emailHtmlToText, sanitizeEmailHtml, textToLinkedHtml, withTracking } from './html.ts';

describe('sanitizeEmailHtml', () => {
  it('removes scripts, handlers, frames, forms, images and unsafe links; keeps formatting and links', () => {
    const html = sanitizeEmailHtml(
      '<div onclick="a()" style="color:red;position:fixed">Hi <strong>there</strong>' +
        '<script>alert(1)</script><style>p{}</style>' +
        '<a href="https://example.org/x" onclick="b()">ok</a><a href="javascript:alert(1)">js</a>' +
        '<a href="mailto:intake@example.org">mail</a><iframe src="https://evil"></iframe>' +
        '<form action="/x"><input value="q"><button>Go</button><select><option>1</option></select></form>' +
        '<img src="https://tracker/p.gif" onerror="c()"><table><tr><td colspan="2">cell</td></tr></table></div>',
    );
    expect(html).not.toMatch(/onclick|onerror|script|<style|iframe|<form|<input|<img|javascript|position/);
    expect(html).toContain('<div style="color:red">Hi <strong>there</strong>');
    expect(html).toContain(
      '<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    expect(html).toContain('href="mailto:intake@example.org"');
    expect(html).toContain('<td colspan="2">cell</td>');
    expect(html).toContain('Go');
    expect(html).not.toContain('<option');
  });
});

describe('emailHtmlToText', () => {
  it('makes lines of blocks and breaks and names a link by its address', () => {
    expect(
      emailHtmlToText(
        '<p>Dear <b>Harbor</b>,</p><p>Line one<br>Line &amp; two</p>' +
          '<ul><li>A</li><li>B</li></ul><p><a href="https://x.example/a?b=1&amp;c=2">the form</a> and ' +
          '<a href="https://y.example">https://y.example</a></p>',
      ),
    ).toBe(
      'Dear Harbor,\n\nLine one\nLine & two\n\nA\nB\n\nthe form (https://x.example/a?b=1&c=2) and https://y.example',
    );
  });
});

describe('textToLinkedHtml and withTracking', () => {
  it('links web addresses of a text body without their trailing punctuation', () => {
    expect(textToLinkedHtml('See https://x.example/a?b=1&c=2. Or <this>')).toBe(
      '<p>See <a href="https://x.example/a?b=1&amp;c=2">https://x.example/a?b=1&amp;c=2</a>. Or &lt;this&gt;</p>',
    );
  });

  it('sends http(s) links through the tracker, leaves mailto alone and adds the image', () => {
    const seen: string[] = [];
    const out = withTracking(
      sanitizeEmailHtml(
        '<p><a href="https://x.example/a?b=1&amp;c=2">x</a> <a href="mailto:a@b.example">m</a></p>',
      ),
      {
        pixelUrl: 'https://app.example/api/email/open/abc.gif',
        trackLink: (url) => {
          seen.push(url);
          return `https://app.example/api/email/click/abc?u=${encodeURIComponent(url)}&s=sig`;
        },
      },
    );
    expect(seen).toEqual(['https://x.example/a?b=1&c=2']);
    expect(out).toContain(
      'href="https://app.example/api/email/click/abc?u=https%3A%2F%2Fx.example%2Fa%3Fb%3D1%26c%3D2&amp;s=sig"',
    );
    expect(out).toContain('href="mailto:a@b.example"');
    expect(out).toContain('<img src="https://app.example/api/email/open/abc.gif" width="1" height="1"');
  });
});

describe('addresses and identifiers', () => {
  it('reads addresses and lists', () => {
    expect(bareAddress('Harbor Intake <Intake@Harbor.Example.org>')).toBe('intake@harbor.example.org');
    expect(bareAddress('nope')).toBeNull();
    expect(addressList('a@x.org; b@x.org, A@x.org ,')).toEqual(['a@x.org', 'b@x.org']);
    expect(addressList(['a@x.org, c@x.org'])).toEqual(['a@x.org', 'c@x.org']);
    expect(domainOf('Trust Marketplace <no-reply@trust.local>')).toBe('trust.local');
    expect(newMessageId('Trust <no-reply@trust.local>')).toMatch(/^<[0-9a-f]{32}@trust\.local>$/);
  });

  it('reads Message-IDs with or without brackets', () => {
    expect(messageIdsIn('<a@b> <c@d>')).toEqual(['<a@b>', '<c@d>']);
    expect(messageIdsIn('local-email-7')).toEqual(['local-email-7']);
    expect(messageIdForms('local-email-7')).toEqual(['<local-email-7>', 'local-email-7']);
  });

  it('plus-addresses the reply address with a thread token and reads it back, whatever the case', () => {
    const token = '0123456789abcdef0123456789abcdef';
    const address = replyAddress('reply@trust.test', token);
    expect(address).toBe(`reply+${token}@trust.test`);
    expect(replyTokenOf(`Trust <${address.toUpperCase()}>`, 'reply@trust.test')).toBe(token);
    expect(replyTokenOf(`reply+${token}@other.test`, 'reply@trust.test')).toBeNull();
    expect(replyTokenOf('reply+short@trust.test', 'reply@trust.test')).toBeNull();
    expect(replyTokenOf('reply@trust.test', 'reply@trust.test')).toBeNull();
  });
});
