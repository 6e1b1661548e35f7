/** `shopprop config get|set|unset|list|use|path`. */
import type { Command } from 'commander';
import { openConfigStore } from '../../config/config-store.js';
import { createContext } from '../../context.js';
import { checkProfileKey, DEFAULT_PROFILE } from '../../config/keys.js';
import { redactProfile, redactSetting } from '../../config/redact.js';
import { profileToWrite } from '../../config/settings.js';
import type { GlobalOptions } from '../../global-options.js';
import { configFile } from '../../load-settings.js';

export async function run(options: GlobalOptions, args: string[], command: Command): Promise<void> {
  const context = createContext(options);
  const { env } = context;
  const store = await openConfigStore({ env });
  const profile = profileToWrite(options.profile, env, store);
  const out = (line: string) =>
    context.terminal.stdout.write(`${line}
`);
  const say = (line: string) => context.say(line);
  const [first, second] = args;
  switch (command.name()) {
    case 'get': {
      const own = store.get(profile, first!);
      // Unset here, the value commands use is the default profile's (settings.ts).
      const inherited = own === undefined && profile !== DEFAULT_PROFILE ? store.get(DEFAULT_PROFILE, first!) : undefined;
      if (inherited !== undefined) say(`(from profile "${DEFAULT_PROFILE}")`);
      const value = own ?? inherited;
      const shown = redactSetting(checkProfileKey(first!), value);
      if (value === undefined) {
        // An error (exit 1), so it speaks as every error does.
        say(`shopprop: ${first} is not set in profile "${profile}"`);
        context.setExitCode(1);
        return;
      }
      out(String(shown));
      return;
    }
    case 'set': {
      const stored = store.set(profile, first!, second);
      say(`set ${first} = ${String(redactSetting(first!, stored))} in profile "${profile}"`);
      return;
    }
    case 'unset':
      say(store.unset(profile, first!) ? `unset ${first} in profile "${profile}"` : `${first} was not set in profile "${profile}"`);
      return;
    case 'list': {
      const values = redactProfile(store.rawProfile(profile) as never) as Record<string, unknown>;
      // What the profile leaves unset comes from `default` (settings.ts), so it is listed too.
      const inherited =
        profile === DEFAULT_PROFILE
          ? {}
          : Object.fromEntries(
              Object.entries(redactProfile(store.rawProfile(DEFAULT_PROFILE) as never) as Record<string, unknown>).filter(([key]) => values[key] === undefined),
            );
      const wantJson = options.format === 'json' || (options.format === undefined && !context.terminal.stdoutIsTTY);
      if (wantJson) {
        out(JSON.stringify({ profile, active: store.activeProfile() === profile, profiles: store.profiles(), settings: values, inherited }, null, 2));
        return;
      }
      out(`profile: ${profile}${store.activeProfile() === profile ? ' (active)' : ''}   profiles: ${store.profiles().join(', ')}`);
      const entries = Object.entries(values);
      const fromDefault = Object.entries(inherited);
      if (entries.length === 0 && fromDefault.length === 0) out('(no settings: commands use the local store in-process)');
      for (const [key, value] of entries) out(`${key} = ${value}`);
      for (const [key, value] of fromDefault) out(`${key} = ${value}   (from profile "${DEFAULT_PROFILE}")`);
      return;
    }
    case 'use':
      store.use(first!);
      say(`active profile: ${first}`);
      return;
    case 'path':
      out(configFile(env));
      return;
  }
}
