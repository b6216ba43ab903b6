import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { contactsInHtml, discoverWebsiteContacts, formatUsPhone } from './website-contacts.ts';

describe('contactsInHtml', () => {
  it('reads tel: and mailto: links, formats US numbers, drops query strings and duplicates', () => {
    const html = `
      <a href="tel:+1 (213) 555-0100">x</a><a href='tel:213.555.0100'>dup</a><a href="tel:911">short</a>
      <a href="mailto:Intake@Example.org?subject=Referral">m</a><a href="mailto:not-an-email">bad</a>
      <a href="mailto:a%40b.org">encoded</a>`;
    expect(contactsInHtml(html)).toEqual({
      phones: ['(213) 555-0100'],
      emails: ['intake@example.org', 'a@b.org'],
    });
  });

  it('keeps at most five of each', () => {
    const html = Array.from({ length: 8 }, (_, i) => `<a href="tel:21355501${10 + i}">p</a>`).join('');
    expect(contactsInHtml(html).phones).toHaveLength(5);
  });

  it('formats only 10-digit numbers, with an optional leading 1', () => {
    expect(formatUsPhone('1-312-555-0177')).toBe('(312) 555-0177');
    expect(formatUsPhone('555-0177')).toBeNull();
  });
});

describe('discoverWebsiteContacts', () => {
  it('refuses private addresses unless allowed, and follows a redirect', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/moved') {
        res.statusCode = 302;
        res.setHeader('location', '/');
        res.end();
        return;
      }
      res.setHeader('content-type', 'text/html');
      res.end('<a href="tel:2135550100">call</a>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const refused = await discoverWebsiteContacts(`http://127.0.0.1:${port}/`);
      expect(refused).toMatchObject({ phones: [], emails: [] });
      expect(refused.error).toMatch(/not a public address/);
      const followed = await discoverWebsiteContacts(`http://127.0.0.1:${port}/moved`, {
        allowPrivateAddresses: true,
      });
      expect(followed).toEqual({ phones: ['(213) 555-0100'], emails: [], error: null });
    } finally {
      server.close();
    }
  });

  it('gives up on a site that does not answer in time, and on other schemes', async () => {
    const server = createServer(() => {
      // never answers
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      const started = Date.now();
      const slow = await discoverWebsiteContacts(`http://127.0.0.1:${port}/`, {
        allowPrivateAddresses: true,
        timeoutMs: 300,
      });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(slow).toMatchObject({ phones: [], emails: [], error: 'The website did not answer in time.' });
      expect((await discoverWebsiteContacts('ftp://example.org/')).error).toMatch(/Only http and https/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
