/** `shopprop help environment`. */
export const ENVIRONMENT_HELP = `Environment variables

  SHOPPROP_PROFILE     config profile to use (like --profile)
  SHOPPROP_BASE_URL    service base URL (like --base-url); unset: the local store, in-process
  SHOPPROP_TOKEN       bearer token (like --token)
  SHOPPROP_COMPANY     company id (like --company)
  SHOPPROP_DB          local store file (like --db)
  SHOPPROP_DATABASE_URL  a PostgreSQL store instead of the file (like --database), e.g.
                       postgres://shop@db.example.com/shop?pool_max=10&statement_timeout=15000
  SHOPPROP_CONFIG_DIR  where the config file lives (default: the user config directory)
  SHOPPROP_DATA_DIR    where the local store and the offline outbox live (default: the user data directory)
  SHOPPROP_TIMEOUT     seconds one request to the service may take in all, retries included
                       (like --timeout; default 60)
  SHOPPROP_DEBUG=api   trace HTTP requests on stderr, token redacted (like --verbose)
  SHOPPROP_DEBUG=timing  month-end: each phase's time and count, and the peak memory, on stderr
  XDG_CACHE_HOME       compiled-code cache for faster starts: $XDG_CACHE_HOME/shopprop (default ~/.cache/shopprop)
  NODE_DISABLE_COMPILE_CACHE=1  start without that cache (it is also safe to delete at any time)
  NO_COLOR             no colour in output (any value)
  FORCE_COLOR          colour even when not on a terminal

Precedence: flags, then environment variables, then the profile's config, then defaults.
`;
