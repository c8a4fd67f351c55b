// The sidecar's OpenAPI document (sidecar/openapi.json) for tests: its operations by the Express route they name,
// and a validator of real answers against the schemas it gives for their status.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The parts of the document the tests read. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    parameters: Record<string, OpenApiParameter>;
  };
}

export interface OpenApiOperation {
  operationId: string;
  /** An old path still served; its new one is documented beside it. */
  deprecated?: boolean;
  parameters?: (OpenApiParameter | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse | { $ref: string }>;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: JsonSchema }>;
}

export type JsonSchema = Record<string, unknown>;

/** One operation: `GET /api/v1/users/:userId/session` in Express's notation, and where it is in the document. */
export interface DocumentedOperation {
  method: string;
  /** The path as Express registers it (`{user_id}` → `:userId`). */
  route: string;
  /** The path as the document writes it. */
  path: string;
  operation: OpenApiOperation;
}

export const OPENAPI_URL = new URL('../../openapi.json', import.meta.url);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export function loadOpenApi(): OpenApiDocument {
  return JSON.parse(readFileSync(OPENAPI_URL, 'utf8')) as OpenApiDocument;
}

/** Every operation of the document, with its path in Express's notation. */
export function documentedOperations(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), route: toExpressPath(path), path, operation })),
  );
}

/** A query or path parameter of an operation, its `$ref` resolved. */
export function parameterOf(document: OpenApiDocument, operation: OpenApiOperation, name: string): OpenApiParameter {
  const found = (operation.parameters ?? [])
    .map((parameter) => ('$ref' in parameter ? resolve<OpenApiParameter>(document, parameter.$ref) : parameter))
    .find((parameter) => parameter.name === name);
  if (!found) throw new Error(`${operation.operationId} has no parameter ${name}`);
  return found;
}

/** A schema of the document with its `$ref` (one level) resolved. */
export function schemaAt(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  return typeof schema.$ref === 'string' ? resolve<JsonSchema>(document, schema.$ref) : schema;
}

export interface AnswerChecker {
  /**
   * The problems of an answer of `method route` against the document (an empty list when it conforms): a documented
   * status (or `default`), a documented content type, a body its schema accepts. Records the check for `checked`.
   */
  problems(method: string, route: string, answer: CheckedAnswer): string[];
  /** `METHOD route status` of every answer checked so far. */
  checked(): Set<string>;
  /** The problems of `value` against the document's schema `name` (components.schemas). */
  schemaProblems(name: string, value: unknown): string[];
}

export interface CheckedAnswer {
  status: number;
  contentType: string | null;
  /** The parsed JSON body, or the text of a non-JSON one (undefined when empty). */
  body: unknown;
}

export function createAnswerChecker(document: OpenApiDocument): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  (addFormatsModule as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...document, $id: 'openapi.json' });
  const operations = new Map(documentedOperations(document).map((entry) => [`${entry.method} ${entry.route}`, entry]));
  const checked = new Set<string>();
  const problemsOf = (validate: ValidateFunction | undefined, value: unknown): string[] => {
    if (!validate) return ['no such schema'];
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '$'} ${error.message ?? ''}`);
  };
  return {
    checked: () => checked,
    schemaProblems: (name, value) => problemsOf(ajv.getSchema(`openapi.json#/components/schemas/${name}`), value),
    problems(method, route, answer) {
      const entry = operations.get(`${method} ${route}`);
      if (!entry) return [`${method} ${route} is not in the document`];
      checked.add(`${method} ${route} ${answer.status}`);
      const { response, pointer } = responseFor(document, entry, answer.status);
      if (!response) return [`${method} ${route} answered ${answer.status}, which the document does not list`];
      if (!response.content) return answer.body === undefined ? [] : [`${answer.status} has a body; none documented`];
      const mediaType = (answer.contentType ?? '').split(';')[0]!.trim();
      if (!(mediaType in response.content)) return [`${answer.status} came as ${mediaType}, not as documented`];
      const schema = `openapi.json#${encodePointer(`${pointer}/content/${escape(mediaType)}/schema`)}`;
      return problemsOf(ajv.getSchema(schema), answer.body);
    },
  };
}

/** The answer's status, content type and parsed body, ready for `AnswerChecker.problems`. */
export async function readAnswer(response: Response): Promise<CheckedAnswer> {
  const contentType = response.headers.get('content-type');
  const text = await response.text();
  const body = text === '' ? undefined : contentType?.includes('json') ? (JSON.parse(text) as unknown) : text;
  return { status: response.status, contentType, body };
}

function responseFor(
  document: OpenApiDocument,
  entry: DocumentedOperation,
  status: number,
): { response?: OpenApiResponse; pointer: string } {
  const key = String(status) in entry.operation.responses ? String(status) : 'default';
  const declared = entry.operation.responses[key];
  if (!declared) return { pointer: '' };
  if ('$ref' in declared) {
    return { response: resolve<OpenApiResponse>(document, declared.$ref), pointer: declared.$ref.slice(1) };
  }
  const method = entry.method.toLowerCase();
  return { response: declared, pointer: `/paths/${escape(entry.path)}/${method}/responses/${key}` };
}

function resolve<T>(document: OpenApiDocument, ref: string): T {
  const value = ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], document);
  if (value === undefined) throw new Error(`${ref} is not in the document`);
  return value as T;
}

/** JSON Pointer escaping of one segment. */
function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A JSON Pointer as a URI fragment: `{user_id}` and the like percent-encoded. */
function encodePointer(pointer: string): string {
  return pointer.split('/').map(encodeURIComponent).join('/');
}

function toExpressPath(path: string): string {
  return path.replace(
    /\{(\w+)\}/g,
    (_match, name: string) => `:${name.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}`,
  );
}
