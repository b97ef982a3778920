// Rule family: exfiltration. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const exfiltration: RuleFamily = {
  name: 'exfiltration',
  rules: [],
  check() {},
};
