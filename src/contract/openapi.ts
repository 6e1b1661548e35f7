/**
 * The interface as an OpenAPI 3.1 document, built from the same TypeBox schemas that validate
 * requests and shape responses (endpoints.ts), so the published description cannot drift from
 * what the server does. OpenAPI 3.1 takes JSON Schema as it is; TypeBox's own markers are
 * symbols, which JSON leaves out.
 */
import type { TSchema } from '@sinclair/typebox';
import { LOGIN_PATH, LOGOUT_PATH, LoginBody, LoginResponse, LogoutResponse, SESSION_PATH, SessionResponse } from './auth.js';
import { ErrorBody } from './common.js';
import { endpoints, type EndpointDefinition } from './endpoints.js';
import { DarajaC2bBody, DarajaResult, MPESA_CONFIRMATION_PATH, MPESA_VALIDATION_PATH } from './mpesa-c2b.js';
import { REFERENCE_DATA_PATH, ReferenceData, ReferenceDataQuery } from './reference-data.js';

type Json = Record<string, unknown>;

/** A plain JSON copy of a schema (no TypeBox symbols). */
const plain = (schema: TSchema): Json => JSON.parse(JSON.stringify(schema)) as Json;

const ERROR_RESPONSE = {
  description: 'refused: `success` is "false", `message` says why, `code` names the kind',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

function queryParameters(schema: TSchema): Json[] {
  const json = plain(schema) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

function operation(name: string, endpoint: EndpointDefinition): Json {
  const shapes = endpoint.shapes?.map((shape) => shape.required.join(' + ')).join('; ');
  return {
    operationId: name,
    summary: endpoint.title,
    ...(shapes ? { description: `Accepted parameter combinations: ${shapes}.` } : {}),
    ...(endpoint.method === 'GET'
      ? { parameters: queryParameters(endpoint.request) }
      : { requestBody: { required: true, content: { 'application/json': { schema: plain(endpoint.request) } } } }),
    security: [{ bearer: [] }],
    responses: {
      200: { description: endpoint.title, content: { 'application/json': { schema: plain(endpoint.response) } } },
      default: ERROR_RESPONSE,
    },
  };
}

/** A fastify path (`/mpesa/:secret/validation`) as OpenAPI writes it (`/mpesa/{secret}/validation`). */
const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

const SECRET_PARAMETER = {
  name: 'secret',
  in: 'path',
  required: true,
  description: "the company's secret, printed by `shopprop local mpesa url` (Daraja sends no token); a wrong one is 404",
  schema: { type: 'string', maxLength: 200 },
};

/** Daraja's C2B call as Daraja posts it: no bearer token, the answer's ResultCode says yes or no (HTTP 200 either way). */
function darajaOperation(operationId: string, summary: string, answer: string): Json {
  return {
    operationId,
    summary,
    parameters: [SECRET_PARAMETER],
    requestBody: { required: true, content: { 'application/json': { schema: plain(DarajaC2bBody) } } },
    security: [],
    responses: {
      200: { description: answer, content: { 'application/json': { schema: plain(DarajaResult) } } },
      404: { ...ERROR_RESPONSE, description: 'no company has this secret' },
      default: ERROR_RESPONSE,
    },
  };
}

export function openApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, EndpointDefinition][]) {
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation(name, endpoint) };
  }
  paths[LOGIN_PATH] = {
    post: {
      operationId: 'login',
      summary: 'log in with a name and password for a bearer token (local users of the bundled server)',
      requestBody: { required: true, content: { 'application/json': { schema: plain(LoginBody) } } },
      security: [],
      responses: {
        200: { description: 'the token and who it belongs to', content: { 'application/json': { schema: plain(LoginResponse) } } },
        429: ERROR_RESPONSE,
        default: ERROR_RESPONSE,
      },
    },
  };
  paths[LOGOUT_PATH] = {
    post: {
      operationId: 'logout',
      summary: 'end the bearer token this request carries: sent again, it is refused with 401',
      security: [{ bearer: [] }],
      responses: {
        200: { description: 'whether a live token was revoked', content: { 'application/json': { schema: plain(LogoutResponse) } } },
        default: ERROR_RESPONSE,
      },
    },
  };
  paths[SESSION_PATH] = {
    get: {
      operationId: 'session',
      summary: 'who the bearer token acts as: name, user, company and role',
      security: [{ bearer: [] }],
      responses: {
        200: { description: "the token's user", content: { 'application/json': { schema: plain(SessionResponse) } } },
        default: ERROR_RESPONSE,
      },
    },
  };
  // The bundled server's own: what a client composing a sale or printing a receipt reads (the
  // company's name, PIN and currency among it). Published so its answers are checked as the interface's are.
  paths[REFERENCE_DATA_PATH] = {
    get: operation('localReferenceData', {
      method: 'GET',
      path: REFERENCE_DATA_PATH,
      request: ReferenceDataQuery,
      response: ReferenceData,
      title: "the company's reference data for composing sales and printing receipts (bundled server only)",
    }),
  };
  // Safaricom Daraja's C2B calls for a paybill (contract/mpesa-c2b.ts): the paths the company
  // registers with Daraja, published so an integrator sees the bodies sent and the answers given.
  paths[openApiPath(MPESA_VALIDATION_PATH)] = {
    post: darajaOperation(
      'mpesaValidation',
      "Daraja's C2B validation, before a paybill payment completes: is the account number (BillRefNumber) a tenancy's?",
      '`{"ResultCode": 0, "ResultDesc": "Accepted"}`, or rejected: C2B00012 an account that matches no tenancy, C2B00013 an amount that is not one, C2B00015 a short code the company does not take',
    ),
  };
  paths[openApiPath(MPESA_CONFIRMATION_PATH)] = {
    post: darajaOperation(
      'mpesaConfirmation',
      "Daraja's C2B confirmation of a completed paybill payment: booked as a receipt once by its TransID, or kept unmatched (`shopprop local mpesa unmatched`)",
      '`{"ResultCode": 0, "ResultDesc": "Accepted"}`, also for a payment sent again (booked once) or kept unmatched',
    ),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Inventory cash sale and property statement service',
      version,
      description:
        'Cash sales, receipts and property-management reports, company scoped. Every operation but login and the M-Pesa (Daraja) calls takes `Authorization: Bearer <token>`.',
    },
    paths,
    components: {
      schemas: { ErrorBody: plain(ErrorBody) },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}
