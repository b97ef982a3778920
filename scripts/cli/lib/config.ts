// Loading registry.config.json from disk: the working directory's (a fork's checkout) or this package's own.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_REGISTRY_CONFIG, readRegistryConfig, type RegistryConfig } from '../../core/config.ts';
import { InputError } from './command.ts';

/** This package's root folder (where package.json and registry.config.json live). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Read and check registry.config.json: from `cwd` when present there, else the package's own; defaults when neither. */
export function loadRegistryConfig(cwd: string): RegistryConfig {
  for (const file of [join(cwd, 'registry.config.json'), join(PACKAGE_ROOT, 'registry.config.json')]) {
    if (!existsSync(file)) continue;
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch (cause) {
      throw new InputError(`${file} is not valid JSON: ${(cause as Error).message}`, { cause });
    }
    try {
      return readRegistryConfig(value);
    } catch (cause) {
      throw new InputError(`${file}: ${(cause as Error).message}`, { cause });
    }
  }
  return structuredClone(DEFAULT_REGISTRY_CONFIG) as RegistryConfig;
}

/** The CLI's own version, from package.json. */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
