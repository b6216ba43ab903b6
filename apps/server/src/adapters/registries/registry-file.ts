import fs from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { RegistryFormatError, RegistryUnavailableError } from './registry-provider.ts';

// A registry's file, wherever it is: a path on the server or an http(s) URL, a CSV or a ZIP holding one (the
// NPPES monthly file is a ~1 GB ZIP around a ~9 GB CSV). A URL is downloaded to a temporary file first (its
// bytes counted: they are the run's download), because a ZIP is read from its central directory at the end;
// the CSV inside is then streamed, never unpacked whole.

export type OpenedFile = { stream: Readable; name: string; close: () => Promise<void> };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function download(url: string, signal: AbortSignal, onBytes: (n: number) => void): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tm-registry-'));
  const file = path.join(dir, 'download');
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (signal.aborted) throw error;
    throw new RegistryUnavailableError(
      `The registry file at ${url} could not be fetched: ${(error as Error).message}`,
    );
  }
  if (!response.ok || !response.body) {
    await rm(dir, { recursive: true, force: true });
    throw new RegistryUnavailableError(`The registry file at ${url} answered HTTP ${response.status}.`);
  }
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as never), counter, fs.createWriteStream(file), { signal });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return file;
}

function openZipEntry(file: string): Promise<{ stream: Readable; name: string; close: () => void }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip)
        return reject(new RegistryFormatError(`The ZIP file cannot be read: ${error?.message}`));
      let best: yauzl.Entry | null = null;
      zip.on('entry', (entry: yauzl.Entry) => {
        // The data file is the largest CSV (NPPES also ships small header, endpoint and other-name files).
        if (/\.csv$/i.test(entry.fileName) && !/fileheader/i.test(entry.fileName)) {
          if (!best || entry.uncompressedSize > best.uncompressedSize) best = entry;
        }
        zip.readEntry();
      });
      zip.on('end', () => {
        const entry = best as yauzl.Entry | null;
        if (!entry) {
          zip.close();
          return reject(new RegistryFormatError('The ZIP file holds no CSV file.'));
        }
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) {
            zip.close();
            return reject(
              new RegistryFormatError(`The ZIP entry ${entry.fileName} cannot be read: ${err?.message}`),
            );
          }
          resolve({ stream, name: entry.fileName, close: () => zip.close() });
        });
      });
      zip.on('error', (e: Error) =>
        reject(new RegistryFormatError(`The ZIP file cannot be read: ${e.message}`)),
      );
      zip.readEntry();
    });
  });
}

/** Opens the registry file at a path or URL as a stream of its CSV text. */
export async function openRegistryFile(
  location: string,
  options: { signal: AbortSignal; onDownloadBytes: (n: number) => void },
): Promise<OpenedFile> {
  const remote = /^https?:\/\//i.test(location);
  const file = remote ? await download(location, options.signal, options.onDownloadBytes) : location;
  const cleanup = async () => {
    if (remote) await rm(path.dirname(file), { recursive: true, force: true });
  };
  try {
    const handle = await open(file, 'r').catch(() => {
      throw new RegistryUnavailableError(`The registry file ${location} does not exist or cannot be read.`);
    });
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    await handle.close();
    if (head.equals(ZIP_MAGIC)) {
      const entry = await openZipEntry(file);
      return {
        stream: entry.stream,
        name: entry.name,
        close: async () => {
          entry.stream.destroy();
          entry.close();
          await cleanup();
        },
      };
    }
    const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    return {
      stream,
      name: path.basename(remote ? new URL(location).pathname : file),
      close: async () => {
        stream.destroy();
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
