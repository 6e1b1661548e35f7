/** `shopprop doctor`: checks that the service follows the interface, endpoint by endpoint. */
import { Command } from 'commander';
import { withExamples } from '../../examples.js';
import { lazyAction } from '../../lazy-action.js';
import { idOption } from '../../options.js';

export function doctorCommand(): Command {
  return withExamples(
    new Command('doctor')
      .alias('check')
      .description("check that the service (the profile's, --base-url, or the local store) follows the interface: one request to each read endpoint")
      .addOption(idOption('-c, --company <id>', "company id (default: the profile's companyId)"))
      .addOption(idOption('--landlord <id>', 'landlord whose statements are read; the first statement also gives the property and statement below'))
      .addOption(idOption('--property <id>', "property for paidbalance and payadvice (default: that of the landlord's first statement)"))
      .addOption(idOption('--statement <id>', "statement for statement-pdf (default: the landlord's first statement)"))
      .addHelpText(
        'after',
        `
What it checks. Each read endpoint of the interface (sale list, sale items, receipt specs,
paidbalance, payadvice, statements, statement-pdf) gets one request, never retried, with the
smallest valid parameters (one record of a list), within --timeout (default 10 seconds here):
  reachable   an HTTP answer came in time (the time is in the ms column)
  authorised  the answer is not HTTP 401 or 403
  follows     HTTP 200 with JSON that the interface's schema accepts: every field it requires,
              of its type (the schemas of GET /api/openapi.json); the first mismatching fields
              are named, e.g. "/list/0/totalAmount: expected number (got "12.50")"
An endpoint whose id is not known is skipped, not failed ("skipped: needs --landlord"):
statements need --landlord; paidbalance and payadvice take --property, else the property of
the landlord's first statement; statement-pdf takes --statement, else that statement.

When it fails, the reason of each endpoint is on stderr, and the exit code says which check
failed first, in this order:
  5  not reachable: check the base URL (shopprop config get baseUrl) and that the server
     is running; a slow one: --timeout SECONDS
  4  not authorised: use a token of that company that may read every endpoint (on
     shopprop serve, an admin's: a cashier's reads no reports, an accountant's no receipt
     specs): --token, SHOPPROP_TOKEN or shopprop config set token ...
  6  an answer that does not follow the interface (also any status but 200, e.g. a 404 for
     a path the server lacks): the server differs from the interface at the fields named
  2  a bad flag, or no company id (--company, or the profile's companyId)
  0  every endpoint checked holds (skipped ones are not checked)`,
      ),
    'shopprop doctor',
    'shopprop doctor --landlord 1',
    'shopprop --profile hq doctor --landlord 4 --format json',
    'shopprop doctor --base-url https://erp.example.com --token "$TOKEN" --company 2 --property 7 --statement 31',
  ).action(lazyAction('doctor/doctor'));
}
