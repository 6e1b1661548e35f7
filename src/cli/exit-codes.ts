/** `shopprop help exit-codes`: the exit codes of src/contract/error-kinds.ts, explained. */
export const EXIT_CODES_HELP = `Exit codes

  0    ok (an empty result is ok)
  1    error not covered below (e.g. a file that cannot be written)
  2    usage or validation: a bad flag or value, a missing filter with no terminal to ask,
       an output file that exists without --force (or a no at the terminal),
       invalid input refused by the service (HTTP 400, 405)
  3    not found (HTTP 404): an unknown id
  4    authentication or permission (HTTP 401, 403): no token, a bad or revoked token,
       another company's data, a role that may not do this
  5    network or service unavailable: connection refused, timeout, HTTP 429/502/503/504
  6    server error (HTTP 500) or a reply that does not follow the interface, such as a
       document link that answers something other than a PDF (nothing is saved)
  130  interrupted (Ctrl-C, SIGINT)
  143  terminated (SIGTERM, e.g. a cron job's time limit)

shopprop doctor exits 5, 4 or 6 by the first of its checks that failed for any endpoint: not
reached, then not authorised, then an answer not in the interface's shape (0: all hold).

Errors are one line on stderr starting "shopprop:"; data goes to stdout.
`;
