// Rule family: self-modification. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const selfModification: RuleFamily = {
  name: 'self-modification',
  rules: [],
  check() {},
};
