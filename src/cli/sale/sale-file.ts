/**
 * A sale given as JSON (`sale save --file sale.json`, or `--file -` for stdin) in the
 * interface's request shape. Header ids the file leaves out come from the flags or the profile;
 * line tax and totals the file leaves out are computed; those it gives are checked against the
 * same domain rules the server applies. Every problem is reported at once.
 */
import { KindGuard, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { ValueError } from '@sinclair/typebox/errors';
import { SaleLineInput, SaveCashSaleBody } from '../../contract/cash-sale.js';
import { fromCents, sumCents, toCents } from '../../domain/money.js';
import { checkSale, type CheckedSale } from '../../domain/sale-check.js';
import { SaleInputError } from './sale-input-error.js';
import { lineAmounts, type DraftLine } from './sale-draft.js';

/** The header ids a file may leave to the flags or the profile, and the flag of each. */
export const HEADER_IDS = [
  ['companyId', '--company'],
  ['retailShopId', '--shop'],
  ['cashbookId', '--cashbook'],
  ['userId', '--user'],
] as const;
export type HeaderIdKey = (typeof HEADER_IDS)[number][0];

export interface HeaderIdDefault {
  value: number;
  /** A flag given on this run (a file that disagrees with it is refused) or the profile's default. */
  from: 'flag' | 'config';
}
export type HeaderIdDefaults = Partial<Record<HeaderIdKey, HeaderIdDefault>>;

export interface PreparedFileSale {
  body: SaveCashSaleBody;
  checked: CheckedSale;
  /** Fields the interface does not know, kept as given; worth a word on stderr. */
  unknownFields: string[];
  /** What was filled in or computed, e.g. "totalAmount computed: 116". */
  filled: string[];
}

const bodyCheck = TypeCompiler.Compile(SaveCashSaleBody);
const lineCheck = TypeCompiler.Compile(SaleLineInput);
const BODY_FIELDS = new Set(Object.keys(SaveCashSaleBody.properties));
const LINE_FIELDS = new Set(Object.keys(SaleLineInput.properties));
const CHANNEL_FIELDS = new Set(['channelId', 'referenceNo', 'amount']);

/** The JSON text as a value; a SaleInputError naming where the text stops being JSON. */
export function parseSaleJson(text: string, source: string): unknown {
  if (!text.trim()) throw new SaleInputError(source, ['empty input: expected one sale as a JSON object']);
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new SaleInputError(source, [`not JSON: ${(error as Error).message}`]);
  }
}

/** The request to send, or a SaleInputError listing every problem. */
export function prepareFileSale(value: unknown, defaults: HeaderIdDefaults, source: string): PreparedFileSale {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SaleInputError(source, [`expected one sale as a JSON object (got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)})`]);
  }
  const body: Record<string, unknown> = structuredClone(value) as Record<string, unknown>;
  const problems: string[] = [];
  const filled: string[] = [];

  for (const [key, flag] of HEADER_IDS) {
    const given = body[key];
    const fallback = defaults[key];
    if (given === undefined || given === null) {
      if (fallback) {
        body[key] = fallback.value;
        filled.push(`${key} ${fallback.value} from ${fallback.from === 'flag' ? flag : 'the profile'}`);
      } else {
        problems.push(`${key}: is required (put it in the file, or give ${flag})`);
      }
    } else if (fallback?.from === 'flag' && given !== fallback.value) {
      problems.push(`${key} is ${JSON.stringify(given)} in the file but ${flag} ${fallback.value} was given: remove one`);
    }
  }
  /** Fields filled from another field: a problem is reported once, on the field given. */
  const derived = new Set<string>();
  if (body.transactionType === undefined && typeof body.paymentMethod === 'string') {
    body.transactionType = body.paymentMethod;
    derived.add('transactionType');
    filled.push(`transactionType ${body.paymentMethod} (as paymentMethod)`);
  }
  if (body.notes === undefined) body.notes = '';

  const channels = Array.isArray(body.channelsDto) ? (body.channelsDto as unknown[]) : undefined;
  if (body.amountPaid === undefined && channels && channels.length > 0) {
    const amounts = channels.map((c) => (c && typeof c === 'object' ? (c as Record<string, unknown>).amount : undefined));
    if (amounts.every((a) => typeof a === 'number' && isCents(a))) {
      body.amountPaid = fromCents(sumCents(amounts.map((a) => toCents(a as number))));
      filled.push(`amountPaid ${body.amountPaid as number} (the sum of channelsDto)`);
    }
  }

  const computed = fillLineAmounts(body, filled);
  if (computed) fillTotals(body, computed, filled);

  const unknownFields = unknownFieldsOf(body);
  // One problem per field: the first the schema finds. Fields the file may leave out and that
  // could not be computed are not "required": the problem that stopped the computation is named.
  const seen = new Set(problems.map(fieldOf));
  for (const error of bodyCheck.Errors(body)) {
    const problem = describe(error);
    const field = fieldOf(problem);
    if (seen.has(field) || derived.has(field)) continue;
    if (error.value === undefined && isComputable(field, channels !== undefined && channels.length > 0)) continue;
    seen.add(field);
    problems.push(problem);
  }

  let checked: CheckedSale | undefined;
  const lines = body.itemIssuesDto;
  const linesUsable = Array.isArray(lines) && lines.length > 0 && lines.every((line) => lineCheck.Check(line));
  const channelsUsable =
    body.channelsDto === undefined || (Array.isArray(body.channelsDto) && body.channelsDto.every((c) => c !== null && typeof c === 'object'));
  if (linesUsable && channelsUsable) {
    checked = checkSale(body as SaveCashSaleBody);
    for (const problem of checked.problems) {
      if (seen.has(problem.field)) continue;
      seen.add(problem.field);
      problems.push(problem.message);
    }
  }
  if (problems.length > 0 || !checked) throw new SaleInputError(source, problems.length ? problems : ['itemIssuesDto: at least one sale line is required']);
  return { body: body as SaveCashSaleBody, checked, unknownFields, filled };
}

/** Computes each line's tax and total where the file left them out; the lines' amounts when every line could be computed. */
function fillLineAmounts(body: Record<string, unknown>, filled: string[]): ReturnType<typeof lineAmounts>[] | undefined {
  if (!Array.isArray(body.itemIssuesDto)) return undefined;
  const all: ReturnType<typeof lineAmounts>[] = [];
  let complete = true;
  body.itemIssuesDto.forEach((raw: unknown, index) => {
    if (raw === null || typeof raw !== 'object') {
      complete = false;
      return;
    }
    const line = raw as Record<string, unknown>;
    if (line.discount === undefined) line.discount = 0;
    const amounts = amountsOf(line);
    if (!amounts) {
      complete = false;
      return;
    }
    all.push(amounts);
    if (line.taxAmount === undefined) {
      line.taxAmount = fromCents(amounts.taxCents);
      filled.push(`itemIssuesDto[${index}].taxAmount computed: ${line.taxAmount as number}`);
    }
    if (line.lineTotal === undefined) {
      line.lineTotal = fromCents(amounts.lineTotalCents);
      filled.push(`itemIssuesDto[${index}].lineTotal computed: ${line.lineTotal as number}`);
    }
  });
  return complete ? all : undefined;
}

function amountsOf(line: Record<string, unknown>): ReturnType<typeof lineAmounts> | undefined {
  const { buyingPrice, unitCost, qty, discount, taxRate, taxIncExc } = line;
  if (![buyingPrice, unitCost, qty, discount, taxRate].every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined;
  if (taxIncExc !== 0 && taxIncExc !== 1) return undefined;
  try {
    return lineAmounts({ buyingPrice, unitCost, qty, discount, taxRate, taxIncExc } as DraftLine);
  } catch {
    // Bad amounts (three decimals, say) are reported by the check that follows.
    return undefined;
  }
}

function fillTotals(body: Record<string, unknown>, lines: ReturnType<typeof lineAmounts>[], filled: string[]): void {
  const totals: [string, number][] = [
    ['subTotal', sumCents(lines.map((l) => l.grossCents))],
    ['totalDiscount', sumCents(lines.map((l) => l.discountCents))],
    ['totalTax', sumCents(lines.map((l) => l.taxCents))],
    ['totalAmount', sumCents(lines.map((l) => l.lineTotalCents))],
  ];
  for (const [field, cents] of totals) {
    if (body[field] !== undefined) continue;
    body[field] = fromCents(cents);
    filled.push(`${field} computed: ${body[field] as number}`);
  }
}

function isCents(amount: number): boolean {
  try {
    toCents(amount);
    return true;
  } catch {
    return false;
  }
}

function unknownFieldsOf(body: Record<string, unknown>): string[] {
  const unknown = Object.keys(body).filter((k) => !BODY_FIELDS.has(k));
  const nested = (list: unknown, name: string, known: Set<string>) => {
    if (!Array.isArray(list)) return;
    list.forEach((item, i) => {
      if (item && typeof item === 'object') for (const k of Object.keys(item)) if (!known.has(k)) unknown.push(`${name}[${i}].${k}`);
    });
  };
  nested(body.itemIssuesDto, 'itemIssuesDto', LINE_FIELDS);
  nested(body.channelsDto, 'channelsDto', CHANNEL_FIELDS);
  return unknown;
}

const COMPUTED_LINE_FIELD = /^itemIssuesDto\[\d+\]\.(taxAmount|lineTotal)$/;
const COMPUTED_TOTALS = new Set(['subTotal', 'totalDiscount', 'totalTax', 'totalAmount']);

function isComputable(field: string, hasChannels: boolean): boolean {
  return COMPUTED_LINE_FIELD.test(field) || COMPUTED_TOTALS.has(field) || (field === 'amountPaid' && hasChannels);
}

/** The field a problem names: the text before its first colon or space. */
function fieldOf(problem: string): string {
  return problem.split(/[: ]/, 1)[0]!;
}

/** "itemIssuesDto[0].qty: expected number (got "two")", in the request's own field names. */
function describe(error: ValueError): string {
  error = innermost(error);
  const field =
    error.path
      .replace(/^\//, '')
      .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
      .replace(/\//g, '.') || '(the sale)';
  if (error.value === undefined) return `${field}: is required`;
  const schema: TSchema = error.schema;
  const literals = KindGuard.IsUnion(schema) ? schema.anyOf.filter((s) => KindGuard.IsLiteral(s)).map((s) => String(s.const)) : [];
  const message = literals.length > 0 ? `expected one of ${literals.join(', ')}` : error.message.charAt(0).toLowerCase() + error.message.slice(1);
  return `${field}: ${message} (got ${show(error.value)})`;
}

/** A nullable field's error is the non-null variant's: "expected null" would only mislead. */
function innermost(error: ValueError): ValueError {
  if (!KindGuard.IsUnion(error.schema) || error.schema.anyOf.every((s) => KindGuard.IsLiteral(s))) return error;
  const candidates = error.errors.map((iterator) => iterator.First()).filter((e): e is ValueError => e !== undefined && !KindGuard.IsNull(e.schema));
  return candidates.length === 1 ? innermost(candidates[0]!) : error;
}

function show(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
