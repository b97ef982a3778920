// The API documentation page's model of the OpenAPI document: operations grouped by tag with
// their parameters, request body, responses and authentication resolved from `$ref`s, and the
// component schemas. Descriptions are Markdown, rendered through the sanitizing renderer.
import { renderMarkdown } from './render-markdown.ts';

type Json = Record<string, unknown>;

export interface ParameterView {
  name: string;
  in: string;
  required: boolean;
  type: string;
  descriptionHtml: string;
}

export interface ResponseView {
  status: string;
  descriptionHtml: string;
  /** Names of the component schemas of the body (or a short type), by content type. */
  bodies: { contentType: string; schema: string }[];
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  descriptionHtml: string;
  auth: string[];
  parameters: ParameterView[];
  requestBody: { contentType: string; schema: string }[];
  responses: ResponseView[];
}

export interface ApiView {
  title: string;
  version: string;
  descriptionHtml: string;
  server: string;
  groups: { tag: string; descriptionHtml: string; operations: OperationView[] }[];
  security: { name: string; descriptionHtml: string }[];
  schemas: { name: string; json: string }[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function obj(v: unknown): Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/**
 * An anchor id for a tag or operation id: lower case, runs of anything else as one hyphen.
 *
 * @example anchorSlug('getSoul Details') // 'getsoul-details'
 */
export function anchorSlug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** Whether a response body label names a component schema (links to its section). */
export function isSchemaName(label: string): boolean {
  return /^[A-Z][A-Za-z0-9]*$/.test(label);
}

function md(text: string): string {
  return text === '' ? '' : renderMarkdown(text);
}

/** Follow a local `$ref` (`#/components/...`) once or more; the value itself when there is none. */
function deref(doc: Json, value: unknown, depth = 0): Json {
  const v = obj(value);
  const ref = str(v['$ref']);
  if (ref === '' || depth > 10 || !ref.startsWith('#/')) return v;
  let cur: unknown = doc;
  for (const part of ref.slice(2).split('/')) cur = obj(cur)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return deref(doc, cur, depth + 1);
}

/** A short name for a schema: its component name, or its type. */
export function schemaLabel(schema: unknown): string {
  const s = obj(schema);
  const ref = str(s['$ref']);
  if (ref !== '') return ref.slice(ref.lastIndexOf('/') + 1);
  const type = s['type'];
  if (type === 'array') return `${schemaLabel(s['items'])}[]`;
  if (Array.isArray(type)) return type.join(' | ');
  if (typeof type === 'string') return s['enum'] ? `${type} (${(s['enum'] as unknown[]).map(String).join(', ')})` : type;
  if (Array.isArray(s['oneOf'])) return (s['oneOf'] as unknown[]).map(schemaLabel).join(' | ');
  if (Array.isArray(s['anyOf'])) return (s['anyOf'] as unknown[]).map(schemaLabel).join(' | ');
  return 'object';
}

function bodiesOf(content: unknown): { contentType: string; schema: string }[] {
  return Object.entries(obj(content)).map(([contentType, media]) => ({ contentType, schema: schemaLabel(obj(media)['schema']) }));
}

/**
 * Build the page model from an OpenAPI 3.1 document.
 *
 * @example buildApiView(openapi).groups[0].operations[0] // { method: 'GET', path: '/souls', … }
 */
export function buildApiView(doc: Json): ApiView {
  const info = obj(doc['info']);
  const components = obj(doc['components']);
  const schemes = obj(components['securitySchemes']);
  const tags = Array.isArray(doc['tags']) ? (doc['tags'] as unknown[]).map(obj) : [];
  const groups = new Map<string, OperationView[]>();
  for (const t of tags) groups.set(str(t['name']), []);
  for (const [path, item] of Object.entries(obj(doc['paths']))) {
    const pathItem = obj(item);
    for (const method of METHODS) {
      if (!(method in pathItem)) continue;
      const op = obj(pathItem[method]);
      const security = Array.isArray(op['security']) ? (op['security'] as unknown[]) : Array.isArray(doc['security']) ? (doc['security'] as unknown[]) : [];
      const auth = security.flatMap((req) => Object.keys(obj(req)));
      const parameters = [...(Array.isArray(pathItem['parameters']) ? (pathItem['parameters'] as unknown[]) : []), ...(Array.isArray(op['parameters']) ? (op['parameters'] as unknown[]) : [])]
        .map((p) => deref(doc, p))
        .map((p) => ({ name: str(p['name']), in: str(p['in']), required: p['required'] === true, type: schemaLabel(p['schema']), descriptionHtml: md(str(p['description'])) }));
      const responses = Object.entries(obj(op['responses'])).map(([status, r]) => {
        const resp = deref(doc, r);
        return { status, descriptionHtml: md(str(resp['description'])), bodies: bodiesOf(resp['content']) };
      });
      const view: OperationView = {
        id: str(op['operationId']) || `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: str(op['summary']),
        descriptionHtml: md(str(op['description'])),
        auth,
        parameters,
        requestBody: bodiesOf(deref(doc, op['requestBody'])['content']),
        responses,
      };
      const tag = Array.isArray(op['tags']) && typeof op['tags'][0] === 'string' ? op['tags'][0] : 'other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push(view);
    }
  }
  const servers = Array.isArray(doc['servers']) ? (doc['servers'] as unknown[]).map(obj) : [];
  return {
    title: str(info['title']) || 'API',
    version: str(info['version']),
    descriptionHtml: md(str(info['description'])),
    server: str(servers[0]?.['url']) || '/api/v1',
    groups: [...groups].filter(([, ops]) => ops.length > 0).map(([tag, operations]) => ({ tag, descriptionHtml: md(str(tags.find((t) => t['name'] === tag)?.['description'])), operations })),
    security: Object.entries(schemes).map(([name, s]) => ({ name, descriptionHtml: md(str(obj(s)['description'])) })),
    schemas: Object.entries(obj(components['schemas'])).map(([name, schema]) => ({ name, json: JSON.stringify(schema, null, 2) })),
  };
}
