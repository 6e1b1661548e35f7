/** `shopprop login`, `status` (`whoami`) and `logout`: signing in to a service, as `gh auth` does. */
import { Command } from 'commander';
import { withExamples } from '../../examples.js';
import { lazyAction } from '../../lazy-action.js';

export function authCommands(): Command[] {
  const login = withExamples(
    new Command('login')
      .description(
        "sign in to the service (the profile's base URL, or --base-url, kept in the profile) with a name and password: the password is asked hidden at a terminal, " +
          'or read from standard input with --password-stdin; the token is kept in the profile with who it is and when it ends, and companyId and userId are filled where unset',
      )
      .option('--username <login>', 'login name (asked at a terminal when not given)')
      .option('--password-stdin', 'read the password from standard input instead of asking'),
    'shopprop login --base-url http://till-server:8080',
    'shopprop login --username amina',
    'shopprop login --username till1 --password-stdin < till1-password.txt',
  ).action(lazyAction('auth/login'));
  const status = withExamples(
    new Command('status')
      .alias('whoami')
      .description(
        'the service, whether it answers, who is signed in (company, role), when the token ends, and where each setting comes from; exit 4 when not signed in or expired',
      ),
    'shopprop status',
    'shopprop whoami --format json',
  ).action(lazyAction('auth/status'));
  const logout = withExamples(
    new Command('logout').description("forget the profile's token, revoking it on the server first where the server offers it"),
    'shopprop logout',
  ).action(lazyAction('auth/logout'));
  return [login, status, logout];
}
