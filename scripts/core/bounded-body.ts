// Reading an HTTP body (a request on the server, a response in the CLI) without ever holding more
// than a cap: the declared length is checked first, then the stream is counted as it arrives.

/** The part of a Web ReadableStream of bytes this reads (typed structurally: the core has no DOM types). */
export interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(reason?: unknown): Promise<void> };
  cancel(reason?: unknown): Promise<void>;
}

/**
 * The body's bytes, or null when it is larger than `maxBytes` (the stream is cancelled then).
 *
 * @example await readBodyCapped(request.body, request.headers.get('content-length'), 2 * 1024 * 1024)
 */
export async function readBodyCapped(body: ByteStream | null, declaredLength: string | null, maxBytes: number): Promise<Uint8Array | null> {
  if (declaredLength !== null && /^\d{1,15}$/.test(declaredLength) && Number(declaredLength) > maxBytes) {
    await body?.cancel().catch(() => undefined);
    return null;
  }
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done || value === undefined) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
