/** Refuses query parameter combinations an endpoint does not accept (400 naming the accepted shapes). */
import type { TObject } from '@sinclair/typebox';
import type { EndpointDefinition } from '../contract/endpoints.js';
import { describeShapes, matchShape } from '../contract/parameter-shapes.js';
import { KnownError } from '../contract/error-kinds.js';

export function checkShapes(endpoint: EndpointDefinition, query: Record<string, unknown>): void {
  if (!endpoint.shapes) return;
  // Unknown parameters (cache busters and the like) are ignored, as most services do.
  const known = Object.keys((endpoint.request as TObject).properties);
  const relevant = Object.fromEntries(known.map((key) => [key, query[key]]));
  if (!matchShape(relevant, endpoint.shapes)) {
    throw new KnownError('badRequest', `unaccepted parameter combination for the ${endpoint.title}; accepted: ${describeShapes(endpoint.shapes)}`);
  }
}
