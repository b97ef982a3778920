// Rule family: social-engineering. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const socialEngineering: RuleFamily = {
  name: 'social-engineering',
  rules: [],
  check() {},
};
