import { describe, expect, it } from 'vitest';
import { colourLevel, makeColours } from '../../../src/cli/output/colour.js';

describe('colour', () => {
  it('colours a terminal and not a pipe', () => {
    expect(colourLevel({ stdoutIsTTY: true, env: {} })).toBe(1);
    expect(colourLevel({ stdoutIsTTY: false, env: {} })).toBe(0);
  });

  it('never colours with --no-color or NO_COLOR of any value, even with FORCE_COLOR', () => {
    expect(colourLevel({ stdoutIsTTY: true, noColorFlag: true, env: {} })).toBe(0);
    expect(colourLevel({ stdoutIsTTY: true, env: { NO_COLOR: '1' } })).toBe(0);
    expect(colourLevel({ stdoutIsTTY: true, env: { NO_COLOR: '' } })).toBe(0);
    expect(colourLevel({ stdoutIsTTY: true, env: { NO_COLOR: '1', FORCE_COLOR: '3' } })).toBe(0);
    expect(colourLevel({ stdoutIsTTY: true, noColorFlag: true, env: { FORCE_COLOR: '1' } })).toBe(0);
  });

  it('honours FORCE_COLOR as chalk reads it, even into a pipe', () => {
    expect(colourLevel({ stdoutIsTTY: false, env: { FORCE_COLOR: '' } })).toBe(1);
    expect(colourLevel({ stdoutIsTTY: false, env: { FORCE_COLOR: 'true' } })).toBe(1);
    expect(colourLevel({ stdoutIsTTY: false, env: { FORCE_COLOR: '2' } })).toBe(2);
    expect(colourLevel({ stdoutIsTTY: false, env: { FORCE_COLOR: '9' } })).toBe(3);
    expect(colourLevel({ stdoutIsTTY: true, env: { FORCE_COLOR: '0' } })).toBe(0);
    expect(colourLevel({ stdoutIsTTY: true, env: { FORCE_COLOR: 'false' } })).toBe(0);
  });

  it('follows what the terminal advertises', () => {
    expect(colourLevel({ stdoutIsTTY: true, env: { TERM: 'dumb' } })).toBe(0);
    expect(colourLevel({ stdoutIsTTY: true, env: { TERM: 'xterm-256color' } })).toBe(2);
    expect(colourLevel({ stdoutIsTTY: true, env: { COLORTERM: 'truecolor' } })).toBe(3);
  });

  it('gives a chalk that paints only when colour is on', () => {
    expect(makeColours({ stdoutIsTTY: true, env: {} }).bold('x')).not.toBe('x');
    expect(makeColours({ stdoutIsTTY: true, env: { NO_COLOR: '1' } }).bold('x')).toBe('x');
    expect(makeColours({ stdoutIsTTY: false, env: {} }).level).toBe(0);
  });
});
