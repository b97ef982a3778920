// Versions of the scanner and the rule table, reported in every scan result.

/** Version of the SoulScan engine (`scannerVersion`). Bump when a rule or the scoring changes. */
export const SCANNER_VERSION = '1.0.0';

/** Version of the rule table (`GET /scan-rules` → version). */
export const RULESET_VERSION = '1.0.0';
