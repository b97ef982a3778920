// The server process of `npm run bench:api`: the embedded registry on a given repository, with
// rate limits raised so the load generator measures the server, not the limiter. Prints `URL <url>`.
import { loadRegistryConfig } from '../cli/lib/config.ts';
import { startLocalRegistry } from '../../api-worker/src/node/local-registry.ts';

const [repo, dataDir] = process.argv.slice(2);
if (!repo || !dataDir) {
  console.error('usage: api-server.ts <repository> <data-dir>');
  process.exit(2);
}
const config = loadRegistryConfig(process.cwd());
config.limits.anonymousPerMinute = 1_000_000_000;
config.limits.authenticatedPerMinute = 1_000_000_000;
const registry = await startLocalRegistry({ root: repo, dataDir, port: 0, config, log: (line) => console.error(line) });
console.log(`URL ${registry.url}`);
process.once('SIGTERM', () => {
  void registry.close().then(() => process.exit(0));
});
