// ANSI colours for the terminal, decided once from the environment: a TTY and no NO_COLOR, or FORCE_COLOR.
import type { Paint, PaintStyle } from '../../core/render/types.ts';

const CODES: Record<PaintStyle, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
};

/** Whether to colour a stream: FORCE_COLOR wins (0/false turn it off), then NO_COLOR, then TTY. */
export function wantsColour(env: Readonly<Record<string, string | undefined>>, isTTY: boolean): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return !(force === '0' || force.toLowerCase() === 'false');
  const noColour = env['NO_COLOR'];
  if (noColour !== undefined && noColour !== '') return false;
  if (env['TERM'] === 'dumb') return false;
  return isTTY;
}

/** A Paint that wraps text in ANSI codes, or leaves it as is when colour is off. */
export function createPaint(enabled: boolean): Paint {
  if (!enabled) return (_style, text) => text;
  return (style, text) => {
    const [open, close] = CODES[style];
    return text === '' ? text : `\u001b[${open}m${text}\u001b[${close}m`;
  };
}
