import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/errors.js';

const local = (kind: ConstructorParameters<typeof ApiError>[0]['kind'], status: number, serverMessage: string) =>
  new ApiError({ kind, method: 'GET', path: '/api/propertystmt/paidbalance', status, serverMessage, operation: 'tenant paid and balance', local: true });

describe('a failure of the local store', () => {
  it('names an id nothing has in words, and the local list that shows the ids there are', () => {
    expect(local('notFound', 404, 'no zone 99 in company 1 (zoneId)').message).toBe(
      'tenant paid and balance failed: no zone 99 in company 1; `shopprop local list zones` lists them',
    );
    expect(local('notFound', 404, 'no field officer 7 in company 2 (fieldOfficerId)').message).toContain('`shopprop local list officers` lists them');
  });

  it('keeps the general fix for what no list shows, and never speaks HTTP', () => {
    const statement = local('notFound', 404, 'no statement 9 (statementId)');
    expect(statement.message).toBe(
      'tenant paid and balance failed: no statement 9; check the id (commands run on the local store; --db picks another file, --base-url a service)',
    );
    expect(local('conflict', 409, 'a FINAL statement of October 2026 exists').message).not.toMatch(/HTTP|GET|\/api\//);
  });

  it('is unchanged from a service over the network: method, path and status tell where it failed', () => {
    const remote = new ApiError({
      kind: 'notFound',
      method: 'GET',
      path: '/api/x',
      status: 404,
      serverMessage: 'no zone 99 in company 1 (zoneId)',
      operation: 'tenant paid and balance',
    });
    expect(remote.message).toBe(
      'tenant paid and balance (GET /api/x) failed: HTTP 404 no zone 99 in company 1 (zoneId); check the id, and that the base URL points at the service',
    );
  });
});
