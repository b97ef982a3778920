// `soul serve`: run the whole registry on this machine (API, website, static reads), seeded from the
// current project's git history, with no accounts or cloud services.
import { resolve } from 'node:path';
import { startLocalRegistry } from '../../../api-worker/src/node/local-registry.ts';
import { EXIT, UsageError, type Command } from '../lib/command.ts';

export const command: Command = {
  name: 'serve',
  summary: 'Run the registry locally: build the static tree from souls/ history and serve API and site',
  usage: `Usage: soul serve [options]

Seeds a bare git repository (in the data folder) from this project's history, builds the static
tree, and serves the API under /api/v1 and the website at / on localhost. Writes (publish,
reviews) are committed to that repository and the build runs again, so reads reflect them at once.
Your working tree is never touched. Create a token with \`soul admin token create <user>\`.`,
  maxPositionals: 0,
  options: {
    port: { type: 'string', short: 'p', help: 'port (default 8787, or $PORT)', valueName: 'n' },
    host: { type: 'string', help: 'address to listen on (default 127.0.0.1)', valueName: 'addr' },
    'data-dir': { type: 'string', help: 'where the registry keeps its data (default .registry, or $SOUL_DATA_DIR)', valueName: 'dir' },
    'no-site': { type: 'boolean', help: 'do not build the website (serve the API only)' },
  },
  async run({ values }, io) {
    const portText = typeof values['port'] === 'string' ? values['port'] : (io.env['PORT'] ?? '8787');
    const port = Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535 (got "${portText}")`, 'serve');
    const dataDir = typeof values['data-dir'] === 'string' ? values['data-dir'] : (io.env['SOUL_DATA_DIR'] ?? '.registry');
    const started = performance.now();
    const registry = await startLocalRegistry({
      root: io.cwd,
      dataDir: resolve(io.cwd, dataDir),
      port,
      host: typeof values['host'] === 'string' ? values['host'] : '127.0.0.1',
      buildSite: values['no-site'] !== true,
      log: (line) => io.err(`${line}\n`),
    });
    io.out(`${registry.config.name} is running (${Math.round(performance.now() - started)} ms)\n  site: ${registry.url}/\n  API:  ${registry.apiUrl}  (try ${registry.apiUrl}/souls)\nPress Ctrl+C to stop.\n`);
    await new Promise<void>((done) => {
      const stop = (): void => {
        io.err('Stopping...\n');
        void registry.close().then(done, done);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return EXIT.ok;
  },
};
