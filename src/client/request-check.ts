/**
 * Refuses a request the interface would not accept before it is sent: unknown parameters,
 * values of the wrong type or range, combinations outside the endpoint's accepted shapes,
 * and the endpoint's own rules. The messages name the field or the accepted shapes.
 */
import { KindGuard, type TSchema } from '@sinclair/typebox';
import { describeShapes, endpoints, matchShape, presentParameters, type EndpointName } from '../contract/index.js';
import { UsageError } from './errors.js';
import type { QueryValue } from './transport.js';
import { firstProblem } from './validate.js';

/** The query with absent values dropped, once it is one the endpoint accepts. */
export function checkQuery(name: EndpointName, query: object): Record<string, QueryValue> {
  const endpoint = endpoints[name];
  const refuse = (problem: string): never => {
    throw new UsageError(`${endpoint.title}: ${problem}`);
  };
  const present: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) present[key] = value;
  }

  const schema = endpoint.request;
  const properties = KindGuard.IsObject(schema) ? (schema.properties as Record<string, TSchema>) : {};
  for (const [key, value] of Object.entries(present)) {
    const property = properties[key];
    if (!property) refuse(`unknown parameter ${key}; known: ${Object.keys(properties).join(', ')}`);
    const problem = firstProblem(property!, value, key);
    if (problem !== undefined) refuse(problem);
  }

  if ('shapes' in endpoint && !matchShape(present, endpoint.shapes)) {
    const given = presentParameters(present);
    refuse(
      `${given.length ? `the parameters ${given.join(' + ')} are not an accepted combination` : 'no parameters given'}; ` +
        `send one of: ${describeShapes(endpoint.shapes)}`,
    );
  }
  const problem = firstProblem(schema, present, '(query)');
  if (problem !== undefined) refuse(problem);
  return present as Record<string, QueryValue>;
}

/** The body, once it fits the endpoint's request schema. */
export function checkBody(name: EndpointName, body: unknown): unknown {
  const endpoint = endpoints[name];
  const problem = firstProblem(endpoint.request, body, '(body)');
  if (problem !== undefined) throw new UsageError(`${endpoint.title}: ${problem}`);
  return body;
}
