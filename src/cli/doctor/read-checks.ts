/**
 * What `shopprop doctor` asks each read endpoint of the interface: the smallest valid request,
 * with ids from the flags or the profile, else taken from an earlier answer (the landlord's
 * first statement names a property and a statement). Every GET of the contract's endpoint table
 * has an entry here: a new one does not compile until the check knows how to ask it.
 */
import { endpoints, type EndpointName } from '../../contract/endpoints.js';

/** The endpoints of the interface that only read (GET). */
export type ReadEndpoint = { [N in EndpointName]: (typeof endpoints)[N]['method'] extends 'GET' ? N : never }[EndpointName];

export interface CheckIds {
  companyId: number;
  landlordId?: number;
  propertyId?: number;
  statementId?: number;
}

export type Query = Record<string, string | number>;

export interface ReadCheck {
  /** The command that reads it, as a person knows it. */
  label: string;
  /** The query, or the flag it needs and has not got. */
  ask(ids: CheckIds): { query: Query } | { needs: string };
  /** The ids it lacks may come from the landlord's first statement. */
  idsFromStatements?: boolean;
}

/** One record from the first position: the least a list endpoint can be asked for. */
const FIRST_RECORD = { start: 0, limit: 1 };

export const READ_CHECKS: Record<ReadEndpoint, ReadCheck> = {
  listCashSales: { label: 'sale list', ask: ({ companyId }) => ({ query: { companyId, ...FIRST_RECORD } }) },
  listSaleItems: { label: 'sale items', ask: ({ companyId }) => ({ query: { companyId, ...FIRST_RECORD } }) },
  listReceiptSpecs: { label: 'receipt specs', ask: ({ companyId }) => ({ query: { companyId, ...FIRST_RECORD } }) },
  paidBalance: {
    label: 'paidbalance',
    ask: ({ companyId, propertyId }) => (propertyId === undefined ? { needs: '--property' } : { query: { companyId, propertyId } }),
    idsFromStatements: true,
  },
  payAdvice: {
    label: 'payadvice',
    ask: ({ companyId, propertyId }) => (propertyId === undefined ? { needs: '--property' } : { query: { companyId, propertyId } }),
    idsFromStatements: true,
  },
  statements: {
    label: 'statements',
    ask: ({ companyId, landlordId }) => (landlordId === undefined ? { needs: '--landlord' } : { query: { companyId, landlordId, paidPosted: 'ALL' } }),
  },
  statementPdf: {
    label: 'statement-pdf',
    ask: ({ statementId }) => (statementId === undefined ? { needs: '--statement' } : { query: { statementId } }),
    idsFromStatements: true,
  },
};

/** The read endpoints in the contract's order (the interface's sections 4.1 to 4.8). */
export const READ_ENDPOINTS = (Object.keys(endpoints) as EndpointName[]).filter((name): name is ReadEndpoint => name in READ_CHECKS);

/** The property and statement of the first statement in a statements answer, when it has one. */
export function idsFromStatements(answer: unknown): Pick<CheckIds, 'propertyId' | 'statementId'> {
  const first = (answer as { list?: unknown } | null)?.list;
  const record = Array.isArray(first) ? (first[0] as { id?: unknown; propertyId?: unknown } | undefined) : undefined;
  const id = (value: unknown) => (Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : undefined);
  const statementId = id(record?.id);
  const propertyId = id(record?.propertyId);
  return { ...(statementId === undefined ? {} : { statementId }), ...(propertyId === undefined ? {} : { propertyId }) };
}

/** "companyId=1&start=0&limit=1": the query as it goes on the wire. */
export function queryText(query: Query): string {
  return new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)])).toString();
}
