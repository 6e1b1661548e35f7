/**
 * The month-end's first step on a store this command opens (a SQLite file or PostgreSQL):
 * every property's statement is prepared in one unit of work (the store's prepareStatements),
 * so a run that fails or is interrupted part way has prepared nothing, and its rerun starts
 * afresh. A month a FINAL statement already closed is refused by the store for that property
 * alone; the refusal is reported and the FINAL left as it is, never prepared again over it.
 * The folder is written after this commits: a run that fails while writing it keeps the
 * statements (a rerun replaces INTERIM drafts, and reports FINAL ones as kept).
 */
import type { CommandContext } from '../context.js';
import { withLocalStore } from '../local-store.js';
import { progress } from '../progress.js';
import type { PropertyInScope } from './month-end-scope.js';

export interface PrepareOutcome {
  propertyId: number;
  /** prepared: a new statement; kept: the store refused (a FINAL closes the month), its words in `note`. */
  outcome: 'prepared' | 'kept';
  statementId?: number;
  note?: string;
}

export interface PrepareRequest {
  companyId: number;
  month: number;
  year: number;
  final: boolean;
  properties: readonly PropertyInScope[];
}

export async function prepareStatements(context: CommandContext, request: PrepareRequest): Promise<PrepareOutcome[]> {
  const meter = progress(context, 'prepared statements of properties:');
  try {
    return await withLocalStore(context, async (store) => {
      const inputs = request.properties.map(({ property }) => ({
        companyId: request.companyId,
        propertyId: property.id,
        month: request.month,
        year: request.year,
        final: request.final,
        preparedByUserId: null,
        now: () => context.now(),
      }));
      const results = await store.prepareStatements(inputs, (done, total) => meter.update(done, total));
      return results.map((result) =>
        'statement' in result
          ? { propertyId: result.propertyId, outcome: 'prepared', statementId: result.statement.id }
          : { propertyId: result.propertyId, outcome: 'kept', note: result.refusal },
      );
    });
  } finally {
    meter.done();
  }
}
