// The Web globals the pure core may use: present in Node, workerd and browsers alike. Declared
// here rather than pulling in the DOM or Node type libraries, so nothing else leaks into the core.
declare function atob(data: string): string;
declare function btoa(data: string): string;

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
