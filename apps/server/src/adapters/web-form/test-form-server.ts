import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// Provider form pages served on loopback for the web-form tests (issue #6: "one simple, one with labels only,
// one that needs a second page or fails"), recording what each form actually received.

export type Received = { path: string; fields: Record<string, string> };

export type FormServer = {
  url: string;
  /** Every form post, in order, with its fields. */
  received: Received[];
  /** Every request path, in order. */
  hits: string[];
  close: () => Promise<void>;
};

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:sans-serif;margin:24px} label{display:block;margin:8px 0} .hidden{display:none}</style>
</head><body>${body}</body></html>`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** (a) A simple form: name attributes and <label for>, a native POST, a thank-you page after a redirect. */
const SIMPLE = page(
  'Bayview Intake',
  `<h1>Bayview Community Pantry — referral intake</h1>
<form method="post" action="/simple/submit">
  <label for="fn">First Name</label><input id="fn" name="first_name" required>
  <label for="ln">Last Name</label><input id="ln" name="last_name" required>
  <label for="dob">Date of Birth</label><input id="dob" name="dob" type="date">
  <label for="ph">Phone</label><input id="ph" name="phone" type="tel" required>
  <label for="em">Email</label><input id="em" name="email" type="email">
  <label for="ad">Street Address</label><input id="ad" name="address">
  <label for="ci">City</label><input id="ci" name="city">
  <label for="st">State</label><select id="st" name="state"><option value="">Select…</option><option value="AZ">Arizona</option><option value="CA">California</option></select>
  <label for="zp">ZIP</label><input id="zp" name="zip">
  <label for="md">Medicaid ID</label><input id="md" name="medicaid_id">
  <label for="sv">Service needed</label><select id="sv" name="service"><option value="">Choose one</option><option value="housing">Housing</option><option value="food">Food pantry</option></select>
  <label for="ms">Message</label><textarea id="ms" name="message"></textarea>
  <label><input type="checkbox" name="consent" value="yes"> The client consents to this referral</label>
  <label for="hp">Shoe size</label><input id="hp" name="shoe">
  <button type="submit">Submit referral</button>
</form>`,
);

/** (b) Labels only: inputs wrapped in labels, no name or id; required inputs; a fetch() submission. */
const labelsOnly = (extraRequired: boolean) =>
  page(
    'Harbor Self Referral',
    `<h2>Request services</h2>
<form id="f">
  <label>Client full name * <input required></label>
  <label>Client phone number * <input type="tel" required></label>
  <label>Client email <input type="email"></label>
  <label>Date of birth (MM/DD/YYYY) <input required placeholder="MM/DD/YYYY"></label>
  <label>ZIP code <input></label>
  ${extraRequired ? '<label>Favorite color * <input required></label>' : '<label>Favorite color <input></label>'}
  <label>Tell us about the need <textarea></textarea></label>
  <button>Send</button>
</form>
<div id="done" class="hidden" role="status">Your request has been received.</div>
<script>
document.getElementById('f').addEventListener('submit', async (e) => {
  e.preventDefault();
  const data = {};
  for (const label of document.querySelectorAll('#f label')) {
    const field = label.querySelector('input,textarea');
    data[label.firstChild.textContent.replace('*', '').trim()] = field.value;
  }
  const res = await fetch('/labels/submit', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) });
  if (res.ok) { document.getElementById('f').remove(); document.getElementById('done').classList.remove('hidden'); }
});
</script>`,
  );

/** (c) Two pages: Next posts the first page to the server, which answers the second with hidden copies. */
const TWO_STEP_1 = page(
  'Step 1 of 2',
  `<h1>Referral — step 1 of 2</h1>
<form method="post" action="/two-step/2">
  <label for="a">First name</label><input id="a" name="fname" required>
  <label for="b">Last name</label><input id="b" name="lname" required>
  <label for="c">Date of birth</label><input id="c" name="birth" placeholder="MM/DD/YYYY">
  <button type="submit">Next</button>
</form>`,
);
const twoStep2 = (carried: Record<string, string>) =>
  page(
    'Step 2 of 2',
    `<h1>Referral — step 2 of 2</h1>
<form method="post" action="/two-step/done">
  ${Object.entries(carried)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')}
  <label for="p">Phone</label><input id="p" name="phone" type="tel" required>
  <label for="e">Email</label><input id="e" name="email">
  <label for="z">Zip</label><input id="z" name="zip">
  <label for="n">Additional information</label><textarea id="n" name="notes"></textarea>
  <button type="button">Back</button>
  <button type="submit">Submit</button>
</form>`,
  );

/** A single form whose Next reveals the second half (no navigation). */
const REVEAL = page(
  'Reveal',
  `<form method="post" action="/reveal/submit">
  <div id="one"><label>First name <input name="first"></label><label>Last name <input name="last"></label>
  <button type="button" onclick="document.getElementById('one').classList.add('hidden');document.getElementById('two').classList.remove('hidden')">Continue</button></div>
  <div id="two" class="hidden"><label>Mobile phone <input name="mobile" required></label><label>E-mail <input name="mail"></label>
  <button type="submit">Send request</button></div>
</form>`,
);

/** The server answers the form with a 500. */
const FAILS = page(
  'Broken intake',
  `<form method="post" action="/fails/submit">
  <label for="n">Name</label><input id="n" name="name">
  <label for="p">Phone</label><input id="p" name="phone">
  <button>Submit</button>
</form>`,
);

/** The form redraws itself when typed into (a page that changes shape mid-way). */
const CHANGES = page(
  'Shifting form',
  `<form id="f" method="post" action="/changes/submit">
  <label for="a">First name</label><input id="a" name="a">
  <label for="b">Last name</label><input id="b" name="b">
  <label for="c">Phone</label><input id="c" name="c">
  <button>Submit</button>
</form>
<script>
document.getElementById('a').addEventListener('input', () => {
  document.getElementById('f').innerHTML = '<p>Loading a different form…</p>';
}, { once: true });
</script>`,
);

/** A form in Spanish; the answer comes back in Spanish too. */
const SPANISH = page(
  'Solicitud de servicios',
  `<form method="post" action="/es/enviar">
  <label for="n">Nombre</label><input id="n" name="campo1">
  <label for="a">Apellido</label><input id="a" name="campo2">
  <label for="f">Fecha de nacimiento</label><input id="f" name="campo3" placeholder="dd/mm/aaaa">
  <label for="t">Teléfono</label><input id="t" name="campo4">
  <label for="c">Correo electrónico</label><input id="c" name="campo5">
  <label for="p">Código postal</label><input id="p" name="campo6">
  <label for="m">Mensaje</label><textarea id="m" name="campo7"></textarea>
  <button type="submit">Enviar</button>
</form>`,
);

const NO_FORM = page('About us', '<h1>About Bayview</h1><p>Call us at (213) 555-0100.</p>');

const THANKS = page(
  'Thank you',
  '<h1>Thank you!</h1><p>We received your referral and will call within 2 days.</p>',
);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseFields(req: IncomingMessage, body: string): Record<string, string> {
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    return JSON.parse(body || '{}') as Record<string, string>;
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** Starts the form server on loopback. `extra` adds routes of a test's own. */
export async function startFormServer(
  extra: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {},
): Promise<FormServer> {
  const received: Received[] = [];
  const hits: string[] = [];
  const sockets = new Set<Socket>();
  const html = (res: ServerResponse, body: string, status = 200) =>
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.push(`${req.method} ${path}`);
    const own = extra[path];
    if (own) return own(req, res);
    if (req.method === 'POST') {
      const fields = parseFields(req, await readBody(req));
      received.push({ path, fields });
      if (path === '/simple/submit') return res.writeHead(303, { location: '/simple/thanks' }).end();
      if (path === '/labels/submit')
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      if (path === '/two-step/2') return html(res, twoStep2(fields));
      if (path === '/two-step/done' || path === '/reveal/submit') return html(res, THANKS);
      if (path === '/fails/submit') return html(res, page('Error', '<h1>Internal Server Error</h1>'), 500);
      if (path === '/es/enviar')
        return html(res, page('Gracias', '<p>¡Gracias! Recibimos su solicitud.</p>'));
      return html(res, THANKS);
    }
    switch (path) {
      case '/simple':
        return html(res, SIMPLE);
      case '/simple/thanks':
        return html(res, THANKS);
      case '/labels':
        return html(res, labelsOnly(false));
      case '/labels-required':
        return html(res, labelsOnly(true));
      case '/two-step':
        return html(res, TWO_STEP_1);
      case '/reveal':
        return html(res, REVEAL);
      case '/fails':
        return html(res, FAILS);
      case '/changes':
        return html(res, CHANGES);
      case '/es':
        return html(res, SPANISH);
      case '/no-form':
        return html(res, NO_FORM);
      case '/hang':
        return; // never answers
      default:
        return html(res, page('Not found', 'Not found'), 404);
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    hits,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** True when the text is a base64 PNG (its 8-byte signature). */
export function isBase64Png(text: string | null | undefined): boolean {
  if (!text) return false;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
}
