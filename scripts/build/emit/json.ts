// The one JSON formatting of every emitted file: compact, as JSON.stringify gives it (the same
// bytes the worker sends for a dynamic answer), with keys in the order the builders set.

/** Serialize an output body. */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}
