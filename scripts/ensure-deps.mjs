#!/usr/bin/env node
// Runs before `npm start` and `npm test` on whatever Node the machine has (20 or later): installs
// the locked dependencies when they are missing or older than the lockfile, so a fresh clone needs
// only those two commands. The project itself then runs on the Node 24 that the `node`
// devDependency brings (npm puts node_modules/.bin first on the PATH of every script).
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'package-lock.json');
// npm writes this hidden lockfile at the end of every install.
const installed = join(root, 'node_modules', '.package-lock.json');
const nodeBin = join(root, 'node_modules', '.bin', 'node');

const fresh = existsSync(installed) && existsSync(nodeBin) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
if (!fresh) {
  console.error(existsSync(installed) ? 'Dependencies changed: running npm ci ...' : 'First run: installing dependencies (npm ci) ...');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
