// Reading a secret piped into the CLI (`echo $TOKEN | soul login`), only when stdin is a pipe or a file.
import { fstatSync } from 'node:fs';

/** Most bytes read from stdin: a token is short; anything longer is not one. */
const MAX_STDIN_BYTES = 64 * 1024;

/** Whether stdin is a pipe or a regular file (never a terminal, socket or device we could block on). */
export function stdinIsPiped(): boolean {
  try {
    const st = fstatSync(0);
    return st.isFIFO() || st.isFile();
  } catch {
    return false;
  }
}

/**
 * The text piped into stdin, trimmed; null when stdin is not piped or `force` is false and it is
 * not. With `force` (`--token -`), reads stdin whatever it is.
 *
 * @example const token = await readPipedStdin(); // 'cs_...' for `echo cs_... | soul login`
 */
export async function readPipedStdin(options: { force?: boolean } = {}): Promise<string | null> {
  if (options.force !== true && !stdinIsPiped()) return null;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += buf.byteLength;
    if (total > MAX_STDIN_BYTES) {
      process.stdin.destroy();
      break;
    }
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  return text === '' ? null : text;
}
