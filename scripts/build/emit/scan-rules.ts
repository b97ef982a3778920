// `GET /scan-rules`: the rule table of the scanner that graded this build.
import { RULES, RULESET_VERSION, SCANNER_VERSION } from '../../core/index.ts';
import { buildScanRules } from '../../core/registry-shapes.ts';
import { toJson } from './json.ts';
import { apiFile } from './paths.ts';
import type { OutputWriter } from './writer.ts';

export function emitScanRules(out: OutputWriter): void {
  out.write(apiFile({ kind: 'scan-rules' }), toJson(buildScanRules({ rules: RULES, version: RULESET_VERSION, scannerVersion: SCANNER_VERSION })));
}
