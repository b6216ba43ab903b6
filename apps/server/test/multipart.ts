import { randomBytes } from 'node:crypto';

export type MultipartPart = { name: string; filename?: string; type?: string; data: Buffer | string };

/**
 * A multipart/form-data body as a browser sends it (file names as raw UTF-8), for `app.inject` or `fetch`:
 * `{ body, payload, contentType }` (`payload` is `body` under the name `app.inject` takes).
 */
export function multipart(parts: MultipartPart[]) {
  const boundary = `----tmtest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const filename = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    const type = p.type ? `Content-Type: ${p.type}\r\n` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${filename}\r\n${type}\r\n`,
      ),
    );
    chunks.push(Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return { body, payload: body, contentType: `multipart/form-data; boundary=${boundary}` };
}
