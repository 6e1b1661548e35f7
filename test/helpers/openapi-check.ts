/**
 * Checks an answer of the server against the published OpenAPI document: the schema of the
 * operation's status (or its default) must accept the JSON body. Used by the server test
 * helper on every JSON answer, so every response of the server tests is checked.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { openApiDocument } from '../../src/contract/openapi.js';

type Json = Record<string, unknown>;

const document = openApiDocument('test') as {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Json }> }> }>>;
  components: Json;
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();

/** The document's path an actual path falls under: itself, or a templated one (`/mpesa/{secret}/validation`). */
function documentPath(path: string): string {
  if (document.paths[path]) return path;
  const templated = Object.keys(document.paths).find((candidate) =>
    new RegExp(`^${candidate.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
  );
  return templated ?? path;
}

/** The operation's validator for the status; null when the document has the operation but no JSON schema for it. */
function validatorFor(actualPath: string, method: string, status: number): ValidateFunction | null | undefined {
  const path = documentPath(actualPath);
  const responses = document.paths[path]?.[method.toLowerCase()]?.responses;
  if (!responses) return undefined;
  const key = `${method} ${path} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const schema = (responses[String(status)] ?? responses.default)?.content?.['application/json']?.schema;
    if (!schema) return null;
    // $refs point into the document's components.
    validate = ajv.compile({ ...schema, components: document.components, $id: `https://shopprop.test/answers/${compiled.size}` });
    compiled.set(key, validate);
  }
  return validate;
}

/**
 * Throws when a JSON answer of an operation in the document does not follow it, or has a status
 * the document gives no JSON schema for; answers of paths the document does not describe pass.
 */
export function checkAnswer(method: string, url: string, status: number, body: unknown): void {
  const path = new URL(url, 'http://x').pathname;
  const validate = validatorFor(path, method, status);
  if (validate === undefined) return;
  if (validate === null) throw new Error(`${method} ${path} ${status}: /api/openapi.json has no JSON schema for this answer`);
  if (!validate(body)) {
    throw new Error(`${method} ${path} ${status}: the answer does not follow /api/openapi.json: ${ajv.errorsText(validate.errors)}`);
  }
}
