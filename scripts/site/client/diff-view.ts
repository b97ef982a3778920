// The diff of two versions (`GET …/diff`) as DOM: one collapsible block per file with its unified
// patch, each line coloured by kind. Text only; nothing from the patch is parsed as markup.
import type { SoulDiff } from '../../core/diff.ts';
import { h } from './dom.ts';

/** The kind of one line of a unified patch. */
export function patchLineKind(line: string): 'add' | 'del' | 'hunk' | 'meta' | 'ctx' {
  if (line.startsWith('+++') || line.startsWith('---')) return 'meta';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  if (line.startsWith('\\')) return 'meta';
  return 'ctx';
}

const STATUS_LABEL: Record<string, string> = { added: 'added', removed: 'removed', modified: 'changed' };

/** The whole diff as a fragment: a summary line and one block per changed file. */
export function renderDiff(diff: SoulDiff): DocumentFragment {
  const out = document.createDocumentFragment();
  const additions = diff.files.reduce((n, f) => n + f.additions, 0);
  const deletions = diff.files.reduce((n, f) => n + f.deletions, 0);
  out.append(
    h(
      'p',
      {},
      diff.files.length === 0
        ? `No file differs between ${diff.v1} and ${diff.v2}.`
        : `${diff.files.length} file${diff.files.length === 1 ? '' : 's'} changed from ${diff.v1} to ${diff.v2}: `,
      diff.files.length === 0 ? null : h('span', { class: 'added' }, `+${additions}`),
      diff.files.length === 0 ? null : ' ',
      diff.files.length === 0 ? null : h('span', { class: 'removed' }, `−${deletions}`),
    ),
  );
  for (const f of diff.files) {
    const summary = h('summary', {}, `${f.path} (${STATUS_LABEL[f.status] ?? f.status}) `, h('span', { class: 'added' }, `+${f.additions}`), ' ', h('span', { class: 'removed' }, `−${f.deletions}`));
    let body: HTMLElement;
    if (f.binary) {
      body = h('p', { class: 'muted' }, 'Binary file; no line diff.');
    } else {
      const pre = h('pre', { class: 'diff', tabindex: 0, 'aria-label': `Changes to ${f.path}` });
      const lines = f.patch.endsWith('\n') ? f.patch.slice(0, -1).split('\n') : f.patch.split('\n');
      for (const line of lines) {
        const kind = patchLineKind(line);
        pre.append(h('span', { class: kind }, line === '' ? ' ' : line));
      }
      body = pre;
    }
    out.append(h('details', { class: 'diff-file', open: true }, summary, body));
  }
  return out;
}
