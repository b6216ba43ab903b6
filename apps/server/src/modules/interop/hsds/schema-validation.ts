import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// For the tests: HSDS 3.0's official JSON schemas (schema-3.0/, copied unchanged from openreferral/specification)
// compiled with Ajv's draft 2020-12 validator, so every response is checked against the standard itself, not
// against our reading of it. The schemas carry HSDS's own keywords (constraints, datapackage_metadata…):
// strict mode off lets Ajv ignore them, as the standard intends.

const DIR = join(fileURLToPath(new URL('.', import.meta.url)), 'schema-3.0');

/** The schemas a response is checked against: file names under schema-3.0/. */
export type HsdsSchemaFile =
  | 'compiled/service.json'
  | 'compiled/organization.json'
  | 'compiled/service_at_location.json'
  | 'compiled/service_list.json'
  | 'compiled/organization_list.json'
  | 'compiled/service_at_location_list.json'
  | 'location.json';

function read(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Record<string, unknown>;
}

/** openapi.json's components.schemas.Page: the paging envelope of every list (contents checked per item). */
function pageSchema(): Record<string, unknown> {
  const openapi = read('openapi.json') as { components: { schemas: { Page: Record<string, unknown> } } };
  const page = openapi.components.schemas.Page;
  return { ...page, required: Object.keys(page.properties as object) };
}

export type HsdsValidator = {
  /** Throws with every error's path and message when `value` does not conform to the schema of `file`. */
  assertValid(file: HsdsSchemaFile, value: unknown, label?: string): void;
  /** The paging envelope and each item of `contents` against the list schema. */
  assertPage(itemFile: HsdsSchemaFile, value: unknown, label?: string): void;
};

/** A validator for the given schema files (the compiled ones take seconds each: ask only for those needed). */
export function hsdsValidator(files: readonly HsdsSchemaFile[]): HsdsValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The object schemas refer to each other by file name (location.json → address.json…).
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.json') && f !== 'openapi.json')) {
    ajv.addSchema(read(file), file);
  }
  const validators = new Map<HsdsSchemaFile, ValidateFunction>();
  for (const file of files) {
    validators.set(
      file,
      file.startsWith('compiled/') ? ajv.compile(read(file)) : (ajv.getSchema(file) as ValidateFunction),
    );
  }
  const page = ajv.compile(pageSchema());

  function check(validate: ValidateFunction, value: unknown, label: string) {
    if (validate(value)) return;
    const errors = (validate.errors ?? [])
      .slice(0, 10)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    throw new Error(`${label} does not conform to HSDS 3.0:\n  ${errors.join('\n  ')}`);
  }

  function assertValid(file: HsdsSchemaFile, value: unknown, label: string = file) {
    const validate = validators.get(file);
    if (!validate) throw new Error(`${file} was not compiled for this test`);
    check(validate, value, label);
  }

  return {
    assertValid,
    assertPage(itemFile, value, label = `page of ${itemFile}`) {
      check(page, value, label);
      const contents = (value as { contents?: unknown }).contents;
      if (!Array.isArray(contents)) throw new Error(`${label}: contents is not an array`);
      for (const [i, item] of contents.entries()) assertValid(itemFile, item, `${label} contents/${i}`);
    },
  };
}
