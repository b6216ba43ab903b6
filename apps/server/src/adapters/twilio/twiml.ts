import type { FastifyReply } from 'fastify';

// TwiML, the XML Twilio reads from a webhook's answer (what to say, record, text back).

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** Answers a webhook with `<Response>{inner}</Response>` (an empty Response: do nothing more). */
export function sendTwiml(reply: FastifyReply, inner = '') {
  return reply
    .status(200)
    .type('text/xml; charset=utf-8')
    .send(`<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`);
}
