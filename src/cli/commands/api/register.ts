/** `shopprop api METHOD PATH`: any endpoint of the service, as `gh api` reaches any of GitHub's. */
import { Argument, Command } from 'commander';
import { withExamples } from '../../examples.js';
import { lazyAction } from '../../lazy-action.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function apiCommand(): Command {
  return withExamples(
    new Command('api')
      .description(
        "send any request to the service (or the local store) with the profile's base URL, token, --timeout and retries, and print the answer as JSON as it came; " +
          "fields go to the query of a GET and into a JSON body otherwise; exit codes as every command's (404: 3, 401: 4)",
      )
      .addArgument(new Argument('<method>', 'GET, POST, PUT, PATCH or DELETE'))
      .addArgument(new Argument('<path>', 'path under the base URL, e.g. /api/inventorycashsale/list'))
      .option('-F, --field <key=value>', 'a field, its value read as JSON reads it: numbers, true, false, null; else text (repeatable)', collect)
      .option('--raw-field <key=value>', 'a field whose value is always text (repeatable)', collect)
      // Shares its name with the global --no-input: the command reads its own value (command.opts()).
      .option('--input <file>', 'the whole request body, JSON, from FILE or - for standard input; fields then go to the query')
      .option('-H, --header <line>', "a request header, 'Name: value' (repeatable)", collect)
      .option('--paginate', "read every page of a list answered as {count, list}, as the tool's own --all does, and print its records as one JSON array")
      .option('-i, --include', "print the answer's status line and headers before it"),
    'shopprop api GET /api/inventorycashsale/list -F companyId=1 -F start=0 -F limit=5',
    'shopprop api GET /api/inventorycashsale/list -F companyId=1 --paginate > sales.json',
    'shopprop api POST /api/inventorycashsale/save --input sale.json -H "Idempotency-Key: till1-0042"',
    'shopprop api GET /api/auth/session -i',
    'shopprop api GET /api/inventorycashsale/list_sale_items -F companyId=1 --paginate --format csv -o lines.csv',
  ).action(lazyAction('api/api'));
}
