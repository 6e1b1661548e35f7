import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { errorExit } from '../../src/cli/error-exit.js';
import { ExitCode } from '../../src/cli/exit-codes.js';
import { CliUsageError } from '../../src/cli/usage-error.js';
import { DemoAlreadySeededError } from '../../src/demo/seed-demo.js';
import { ServiceError } from '../../src/services/service-error.js';

/** The bundle is minified without keepNames: a class's own name is not what it was written as. */
function renamed<T extends Error>(error: T): T {
  Object.defineProperty(error.constructor, 'name', { value: 'x' });
  return error;
}

describe('exit code of an error', () => {
  it('knows usage errors by the name they set, whatever their class is called in the bundle', () => {
    expect(errorExit(renamed(new CliUsageError('bad flag')))).toEqual({ message: 'bad flag', exitCode: ExitCode.usage });
    expect(errorExit(renamed(new DemoAlreadySeededError('has data'))).exitCode).toBe(ExitCode.usage);
  });

  it("knows commander's invalid arguments by their code", () => {
    const error = new InvalidArgumentError('expected a month number from 1 to 12.');
    error.name = 'e';
    expect(errorExit(error)).toEqual({ message: 'expected a month number from 1 to 12.', exitCode: ExitCode.usage });
  });

  it('maps service refusals and API errors by their kind', () => {
    expect(errorExit(new ServiceError('notFound', 'no sale 9')).exitCode).toBe(ExitCode.notFound);
    expect(errorExit(new ServiceError('forbidden', 'not yours')).exitCode).toBe(ExitCode.auth);
    expect(errorExit(Object.assign(new Error('down'), { name: 'ApiError', kind: 'network' })).exitCode).toBe(ExitCode.unavailable);
    expect(errorExit(new Error('boom'))).toEqual({ message: 'boom', exitCode: ExitCode.error });
  });
});
