// Lint: typescript-eslint's recommended rules everywhere, plus the mechanical boundary of the
// pure core (no Node, git or GitHub imports, no runtime code generation).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const CORE_FORBIDDEN_IMPORTS = {
  patterns: [
    { group: ['node:*'], message: 'scripts/core is pure: no node:* imports (it runs in workerd and the browser).' },
    { group: ['isomorphic-git', 'isomorphic-git/*', '@octokit/*', 'fs', 'path', 'os', 'child_process', 'crypto', 'url', 'util', 'stream', 'buffer'], message: 'scripts/core is pure: no I/O, git or GitHub imports.' },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.cache/**', '**/*.generated.js', 'site/.astro/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
      'no-misleading-character-class': 'off',
      'no-irregular-whitespace': 'off',
    },
  },
  {
    files: ['scripts/core/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', CORE_FORBIDDEN_IMPORTS],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname', '__filename'],
    },
  },
);
