import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { errorExit } from '../../src/cli/error-exit.js';
import { ApiError } from '../../src/client/errors.js';
import { ExitCode } from '../../src/contract/error-kinds.js';
import { CliUsageError } from '../../src/cli/usage-error.js';
import { DemoAlreadySeededError } from '../../src/store/sqlite/demo/seed-demo.js';
import { ServiceError } from '../../src/store/rules/service-error.js';

/** The bundle is minified without keepNames: a class's own name is not what it was written as. */
function renamed<T extends Error>(error: T): T {
  Object.defineProperty(error.constructor, 'name', { value: 'x' });
  return error;
}

describe('exit code of an error', () => {
  it('knows usage errors by their kind, whatever their class is called in the bundle', () => {
    expect(errorExit(renamed(new CliUsageError('bad flag')))).toEqual({ message: 'bad flag', exitCode: ExitCode.usage });
    expect(errorExit(renamed(new DemoAlreadySeededError('has data'))).exitCode).toBe(ExitCode.usage);
  });

  it('knows the kind of an error made by another bundle (its own copy of the class)', () => {
    const other = Object.assign(new Error('no sale 9'), { [Symbol.for('shopprop.error-kind')]: 'notFound' });
    expect(errorExit(other).exitCode).toBe(ExitCode.notFound);
  });

  it("knows commander's invalid arguments by their code", () => {
    const error = new InvalidArgumentError('expected a month number from 1 to 12.');
    error.name = 'e';
    expect(errorExit(error)).toEqual({ message: 'expected a month number from 1 to 12.', exitCode: ExitCode.usage });
  });

  it('maps service refusals and API errors by their kind', () => {
    expect(errorExit(new ServiceError('notFound', 'no sale 9')).exitCode).toBe(ExitCode.notFound);
    expect(errorExit(new ServiceError('forbidden', 'not yours')).exitCode).toBe(ExitCode.auth);
    expect(errorExit(new ApiError({ kind: 'network', method: 'GET', path: '/x' })).exitCode).toBe(ExitCode.unavailable);
    expect(errorExit(new Error('boom'))).toEqual({ message: 'boom', exitCode: ExitCode.error });
  });
});
