/**
 * Accepted parameter combinations. The interface lists, for some endpoints, which query
 * parameters may be sent together; the client sends only those and the local server refuses
 * the others with a message naming the accepted shapes.
 */

/** A shape: parameters that must all be present, and ones that may come with them. */
export interface ParameterShape {
  readonly required: readonly string[];
  readonly optional?: readonly string[];
}

/** The parameters of a query that carry a value. */
export function presentParameters(query: Record<string, unknown>): string[] {
  return Object.keys(query).filter((key) => query[key] !== undefined && query[key] !== null && query[key] !== '');
}

/** The first shape the query fits, or undefined when it fits none. */
export function matchShape(query: Record<string, unknown>, shapes: readonly ParameterShape[]): ParameterShape | undefined {
  const present = new Set(presentParameters(query));
  return shapes.find((shape) => {
    const allowed = new Set([...shape.required, ...(shape.optional ?? [])]);
    return shape.required.every((key) => present.has(key)) && [...present].every((key) => allowed.has(key));
  });
}

/** "companyId; retailShopId; companyId + start + limit" (optional parts in brackets). */
export function describeShapes(shapes: readonly ParameterShape[]): string {
  return shapes
    .map((shape) => {
      const optional = shape.optional?.length ? ` [+ ${shape.optional.join(', ')}]` : '';
      return shape.required.join(' + ') + optional;
    })
    .join('; ');
}
