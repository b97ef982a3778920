// Rule family: code-execution. (Stub: owned by the work that fills it in.)
import type { RuleFamily } from '../types.ts';

export const codeExecution: RuleFamily = {
  name: 'code-execution',
  rules: [],
  check() {},
};
