// Base64 ⇄ bytes without Buffer (Workers and browsers have none): the publish body's images, the
// GitHub driver's blobs and commit contents.

/** Base64 of bytes. */
export function encodeBase64(bytes: Uint8Array): string {
  // Chunks of a multiple of 3 bytes, so no padding lands mid-string.
  const chunk = 3 * 10_000;
  let out = '';
  for (let i = 0; i < bytes.length; i += chunk) out += btoa(String.fromCharCode(...bytes.subarray(i, i + chunk)));
  return out;
}

/** Bytes of base64 text (whitespace, as in GitHub's wrapped blobs, is ignored); throws on invalid base64. */
export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s/g, ''));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
