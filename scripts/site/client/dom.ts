// Building DOM in the browser scripts without HTML strings: elements, attributes and text nodes
// only, so nothing from the API (reviews, names, file contents) is ever parsed as markup.

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined>;

/**
 * Create an element with attributes (`false`, `null` and `undefined` leave one out; `true` sets it empty) and children (strings become text nodes).
 *
 * @example h('a', { href: '/souls/' }, 'All souls')
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, ...children);
  return el;
}

/** Append children (strings as text). */
export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Replace every child of an element. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** An element by id, typed; throws when the page lacks it (a build mistake, not user input). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el as T;
}

/** Show a message in a status element (`role="status"`), as an error or a success. */
export function setStatus(el: Element, message: string, kind: 'error' | 'ok' | '' = ''): void {
  el.textContent = message;
  el.classList.toggle('error', kind === 'error');
  el.classList.toggle('ok', kind === 'ok');
}

/** Un-hide every element marked `data-js` (controls that only work with JavaScript). */
export function revealScripted(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-js]')) el.hidden = false;
}
