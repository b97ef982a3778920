// The official SARIF 2.1.0 JSON Schema (draft-04), compiled once for tests.
import { readFileSync } from 'node:fs';
import AjvDraft04 from 'ajv-draft-04';
import addFormatsPlugin from 'ajv-formats';

// CommonJS interop: under Node's ESM the default import is module.exports (the class itself);
// the type declarations describe it as `{ default }`. Accept both.
type AjvClass = typeof AjvDraft04.default;
type AddFormats = typeof addFormatsPlugin.default;
const Ajv = ((AjvDraft04 as unknown as { default?: AjvClass }).default ?? AjvDraft04) as AjvClass;
const addFormats = ((addFormatsPlugin as unknown as { default?: AddFormats }).default ?? addFormatsPlugin) as AddFormats;

const schema = JSON.parse(readFileSync(new URL('../../../node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json', import.meta.url), 'utf8')) as object;
// The official schema's language-tag pattern is not valid with the `u` flag, hence unicodeRegExp: false.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/** Validate a SARIF log: the schema errors, empty when valid. */
export function sarifSchemaErrors(log: unknown): unknown[] {
  return validate(log) ? [] : [...(validate.errors ?? [{ message: 'invalid' }])];
}
