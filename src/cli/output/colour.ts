import { Chalk, type ChalkInstance, type ColorSupportLevel } from 'chalk';

export interface ColourChoice {
  stdoutIsTTY: boolean;
  /** `--no-color` was given. */
  noColorFlag?: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * The colour level: none with `--no-color` or when NO_COLOR is set (any value, even empty);
 * FORCE_COLOR next, as chalk reads it (`0`/`false` off, empty/`true` basic, `1`-`3` that
 * level), so colour can be forced into a pipe; otherwise colour only on a TTY that is not
 * `TERM=dumb`, at the depth the terminal advertises.
 */
export function colourLevel({ stdoutIsTTY, noColorFlag = false, env }: ColourChoice): ColorSupportLevel {
  if (noColorFlag || env.NO_COLOR !== undefined) return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === 'false' || force === '0') return 0;
    if (force === '' || force === 'true') return 1;
    const level = Number.parseInt(force, 10);
    return Number.isNaN(level) ? 1 : (Math.max(0, Math.min(level, 3)) as ColorSupportLevel);
  }
  if (!stdoutIsTTY || env.TERM === 'dumb') return 0;
  const colorTerm = env.COLORTERM?.toLowerCase();
  if (colorTerm === 'truecolor' || colorTerm === '24bit') return 3;
  if (env.TERM !== undefined && /-256(colou?r)?$/i.test(env.TERM)) return 2;
  return 1;
}

/** A chalk instance at the level above; chalk's own guess reads process state we must not trust here. */
export function makeColours(choice: ColourChoice): ChalkInstance {
  return new Chalk({ level: colourLevel(choice) });
}
