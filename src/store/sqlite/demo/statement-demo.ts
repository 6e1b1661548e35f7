/**
 * The demo's landlord statements, prepared, approved and paid through the statement units
 * (as a user would), on the portfolio the store's demo seeding wrote.
 */
import { addMonths, monthRange } from '../../../domain/month-range.js';
import type { Tx } from '../../unit-of-work/transaction.js';
import { approveStatementIn, markStatementPaidIn, prepareStatementIn } from '../../units/statements.js';
import type { DemoContext } from './demo-context.js';
import type { DemoPortfolio } from './property-demo.js';

const DAY = 86_400_000;

/**
 * Statements of the first properties: FINAL for the months before last (approved and paid,
 * the latest approved but not yet paid) and an INTERIM for last month. A fixed number, so the
 * big demo seeds as fast as the small one here.
 */
export async function seedDemoStatements(tx: Tx, context: DemoContext, { company, propertyIds, current }: DemoPortfolio): Promise<void> {
  for (const propertyId of propertyIds.slice(0, 8)) {
    for (let back = 6; back >= 1; back -= 1) {
      const ym = addMonths(current, -back);
      const following = addMonths(ym, 1);
      // Prepared on the 5th of the following month (never after the demo's "now").
      const at = Math.min(context.now, monthRange(following.year, following.month, company.timeZone).from + 4 * DAY);
      const clock = () => at;
      const statement = await prepareStatementIn(tx, {
        companyId: company.id,
        propertyId,
        month: ym.month,
        year: ym.year,
        final: back > 1,
        preparedByUserId: company.adminUserId,
        now: clock,
      });
      if (back > 2) {
        await approveStatementIn(tx, { statementId: statement.id, userId: company.adminUserId, now: () => at + DAY });
        await markStatementPaidIn(tx, { statementId: statement.id, userId: company.adminUserId, reference: `EFT-${statement.id}`, now: () => at + 2 * DAY });
      } else if (back === 2) {
        await approveStatementIn(tx, { statementId: statement.id, userId: company.adminUserId, now: () => at + DAY });
      }
    }
  }
}
