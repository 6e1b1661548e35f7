import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_PATH } from '../../src/contract/auth.js';
import { endpoints } from '../../src/contract/endpoints.js';
import { BACKENDS, startTestServer, type TestServer } from '../helpers/local-server.js';
import { usePostgres } from '../helpers/postgres.js';

const postgres = usePostgres();

// The same tests on both backends (helpers/local-server.ts BACKENDS).
describe.each(BACKENDS)('on %s', (backend) => {
  type Operation = { parameters?: { name: string; in: string; required: boolean }[]; requestBody?: unknown; responses: Record<string, unknown> };

  describe('the published OpenAPI document', () => {
    let server: TestServer;
    let document: { openapi: string; paths: Record<string, Record<string, Operation>> };
    beforeAll(async () => {
      server = await startTestServer({ backend, postgres });
      const response = await fetch(`${server.url}/api/openapi.json`);
      expect(response.status).toBe(200);
      document = (await response.json()) as typeof document;
    });
    afterAll(() => server.close());

    it('is served without a token and is a valid OpenAPI 3.1 document', async () => {
      expect(document.openapi).toBe('3.1.0');
      await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    });

    it('lists every endpoint of the interface with its method and every query parameter, required as the schema says', () => {
      for (const endpoint of Object.values(endpoints)) {
        const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
        expect(operation, endpoint.path).toBeDefined();
        const schema = endpoint.request as unknown as { properties: Record<string, unknown>; required?: string[] };
        if (endpoint.method === 'GET') {
          expect(operation!.parameters!.map((p) => p.name).sort(), endpoint.path).toEqual(Object.keys(schema.properties).sort());
          for (const parameter of operation!.parameters!) {
            expect(parameter.in).toBe('query');
            expect(parameter.required, `${endpoint.path} ${parameter.name}`).toBe(schema.required?.includes(parameter.name) ?? false);
          }
        } else {
          expect(operation!.requestBody, endpoint.path).toBeDefined();
        }
      }
      expect(document.paths[LOGIN_PATH]?.post).toBeDefined();
      // The interface's own parameters, spelled as it spells them.
      expect(document.paths['/api/propertystmt/payadvice']!.get!.parameters!.map((p) => p.name)).toEqual(
        expect.arrayContaining(['companyId', 'propertyId', 'lldPaymentType', 'srvcId', 'month', 'year']),
      );
    });

    it("describes the bundled server's reference data, the company's currency and PIN optional (earlier servers lack them)", () => {
      const operation = document.paths['/api/local/reference-data']?.get as Operation & {
        responses: {
          200: { content: { 'application/json': { schema: { properties: { company: { properties: Record<string, unknown>; required: string[] } } } } } };
        };
      };
      expect(operation.parameters!.map((p) => [p.name, p.required])).toEqual([
        ['companyId', true],
        ['unitIds', false],
      ]);
      const company = operation.responses[200].content['application/json'].schema.properties.company;
      expect(Object.keys(company.properties)).toEqual(expect.arrayContaining(['currency', 'taxNumber']));
      expect(company.required).not.toContain('currency');
      expect(company.required).not.toContain('taxNumber');
    });

    it("describes Daraja's C2B validation and confirmation: the secret a path parameter, Daraja's body in, its result out, no token", () => {
      type Described = Operation & {
        parameters: { name: string; in: string; required: boolean }[];
        security: unknown[];
        requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown>; required: string[] } } } };
        responses: Record<string, { content?: { 'application/json': { schema: { properties: Record<string, unknown> } } } }>;
      };
      for (const path of ['/mpesa/{secret}/validation', '/mpesa/{secret}/confirmation']) {
        const operation = document.paths[path]?.post as Described;
        expect(operation, path).toBeDefined();
        expect(operation.parameters.map((p) => [p.name, p.in, p.required])).toEqual([['secret', 'path', true]]);
        expect(operation.security).toEqual([]);
        const body = operation.requestBody.content['application/json'].schema;
        expect(Object.keys(body.properties)).toEqual(
          expect.arrayContaining(['TransactionType', 'TransID', 'TransTime', 'TransAmount', 'BillRefNumber', 'MSISDN']),
        );
        expect(body.required).toEqual(expect.arrayContaining(['TransID', 'TransTime', 'TransAmount', 'BusinessShortCode']));
        expect(Object.keys(operation.responses[200]!.content!['application/json'].schema.properties)).toEqual(['ResultCode', 'ResultDesc']);
        expect(operation.responses[404]).toBeDefined();
      }
    });

    it("answers Daraja's calls as the document says: accepted, an unknown account rejected, a confirmation sent twice, a wrong secret", async () => {
      const secret = 'openapi-secret-0123456789';
      await server.shop.configureMpesa({ companyId: 1, newSecret: secret, addShortCodes: ['600123'] });
      const [tenant] = await server.rows<{ account: string }>('select account_no as account from tenants where company_id = ? order by id limit 1', 1);
      const payment = {
        TransactionType: 'Pay Bill',
        TransID: 'SJ51K2LM3N',
        TransTime: '20261031184209',
        TransAmount: '40000.00',
        BusinessShortCode: '600123',
        BillRefNumber: tenant!.account,
        MSISDN: '2547 ***** 126',
        FirstName: 'FAITH',
      };
      // server.request checks every JSON answer against the document (helpers/openapi-check.ts).
      const valid = await server.request('POST', `/mpesa/${secret}/validation`, { body: payment });
      expect([valid.status, valid.body]).toEqual([200, { ResultCode: 0, ResultDesc: 'Accepted' }]);
      const unknown = await server.request('POST', `/mpesa/${secret}/validation`, { body: { ...payment, BillRefNumber: 'NO-SUCH-ACCOUNT' } });
      expect([unknown.status, unknown.body]).toEqual([200, { ResultCode: 'C2B00012', ResultDesc: 'Rejected' }]);
      for (let sent = 0; sent < 2; sent++) {
        const confirmed = await server.request('POST', `/mpesa/${secret}/confirmation`, { body: payment });
        expect([confirmed.status, confirmed.body]).toEqual([200, { ResultCode: 0, ResultDesc: 'Accepted' }]);
      }
      const wrong = await server.request('POST', '/mpesa/not-the-secret/confirmation', { body: payment });
      expect(wrong.status).toBe(404);
      expect(wrong.body.success).toBe('false');
      const { checkAnswer } = await import('../helpers/openapi-check.js');
      expect(() => checkAnswer('POST', `/mpesa/${secret}/validation`, 200, { ResultCode: 0 })).toThrow(/does not follow/);
    });

    it('refuses, in the helper every server test goes through, an answer that does not follow it', async () => {
      const { checkAnswer } = await import('../helpers/openapi-check.js');
      expect(() => checkAnswer('GET', '/api/propertystmt/statements', 200, { count: 1 })).toThrow(/does not follow/);
      expect(() => checkAnswer('GET', '/api/propertystmt/statements', 401, { success: 'false', message: 'no', code: 'UNAUTHORIZED' })).not.toThrow();
      expect(() => checkAnswer('GET', '/api/propertystmt/statements', 401, { message: 'no' })).toThrow(/does not follow/);
    });
  });
});
