/**
 * The month-end's first step on a store this command opens (a SQLite file or PostgreSQL):
 * each property's statement is prepared, one unit of work each (the store's prepareStatement).
 * A month a FINAL statement already closed is refused by the store; that refusal is reported
 * and the FINAL left as it is, never prepared again over it.
 */
import { KnownError } from '../../contract/error-kinds.js';
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
      const outcomes: PrepareOutcome[] = [];
      for (const [index, { property }] of request.properties.entries()) {
        try {
          const statement = await store.prepareStatement({
            companyId: request.companyId,
            propertyId: property.id,
            month: request.month,
            year: request.year,
            final: request.final,
            preparedByUserId: null,
            now: () => context.now(),
          });
          outcomes.push({ propertyId: property.id, outcome: 'prepared', statementId: statement.id });
        } catch (error) {
          // Only the store's "not in this state" is an outcome; anything else ends the run.
          if (!(error instanceof KnownError) || error.kind !== 'conflict') throw error;
          outcomes.push({ propertyId: property.id, outcome: 'kept', note: error.message });
        }
        meter.update(index + 1, request.properties.length);
      }
      return outcomes;
    });
  } finally {
    meter.done();
  }
}
