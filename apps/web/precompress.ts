import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts of the build are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Issue #13 "assets pre-compressed at build": beside every text file of the build, `name.br` (brotli at its
 * best, quality 11) and `name.gz` (gzip -9), written once here so the server sends them as they are
 * (apps/server/src/platform/static.ts) instead of compressing on every request. Every text file gets both,
 * tiny ones too (a few bytes more for them, but the server then never compresses a file of the build itself).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'trust:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, after every other plugin has written its files (the pages drawn ahead, prerender.ts).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter(
          (f) => COMPRESSIBLE.test(f) && !f.startsWith(`.vite${path.sep}`),
        );
        await Promise.all(files.map((file) => compressBeside(path.join(outDir, file))));
      },
    },
  };
}

async function compressBeside(full: string): Promise<void> {
  const source = await readFile(full);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
}
