// Rule family: jailbreak. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const jailbreak: RuleFamily = {
  name: 'jailbreak',
  rules: [],
  check() {},
};
