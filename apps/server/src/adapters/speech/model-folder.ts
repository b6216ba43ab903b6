import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// A pocketsphinx model folder: the acoustic model (the sub-folder holding `mdef`), the language model
// (`*.lm.bin`, `*.lm` or `*.lm.DMP`, not the phonetic one) and the pronouncing dictionary (`*.dict`/`*.dic`).
// That is how CMU Sphinx publishes its models (Debian's pocketsphinx-en-us, the downloadable es/fr/de/… ones).

export type PocketsphinxModel = { hmm: string; lm: string; dict: string };

export function findPocketsphinxModel(folder: string): PocketsphinxModel | null {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return null;
  const names = readdirSync(folder).sort();
  const hmm = names.map((n) => path.join(folder, n)).find((p) => existsSync(path.join(p, 'mdef')));
  const lm = names.find((n) => /\.(lm\.bin|lm|lm\.dmp)$/i.test(n) && !/phone/i.test(n));
  const dict = names.find((n) => /\.(dict|dic)$/i.test(n));
  if (!hmm || !lm || !dict) return null;
  return { hmm, lm: path.join(folder, lm), dict: path.join(folder, dict) };
}

/** The language folders under STT_MODEL_DIR that hold a usable model, by their folder name ('es-ES', 'fr'). */
export function modelFolders(root: string): Map<string, PocketsphinxModel> {
  const found = new Map<string, PocketsphinxModel>();
  if (!existsSync(root)) return found;
  for (const name of readdirSync(root).sort()) {
    const model = findPocketsphinxModel(path.join(root, name));
    if (model) found.set(name.toLowerCase(), model);
  }
  return found;
}
