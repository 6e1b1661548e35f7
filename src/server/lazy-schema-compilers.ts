/**
 * Fastify compiles every route's validation and serialization schemas when the app starts:
 * about a quarter of a second for the whole interface. An embedded CLI run calls one endpoint,
 * so here each schema is compiled the first time its route is used, with fastify's own
 * compilers (same ajv options, same fast-json-stringify), just later.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compiler = (route: unknown) => (data: unknown) => unknown;
type Factory = (externalSchemas: unknown, options: unknown) => Compiler;
type Validator = ((data: unknown) => unknown) & { errors?: unknown };

function lazily(factory: Factory, passErrors: boolean): Factory {
  return (externalSchemas, options) => {
    let compiler: Compiler | undefined;
    return (route) => {
      let compiled: Validator | undefined;
      const run: Validator = (data) => {
        compiled ??= (compiler ??= factory(externalSchemas, options))(route) as Validator;
        const result = compiled(data);
        // Fastify reads a failed validation's details from the function it was handed.
        if (passErrors) run.errors = compiled.errors;
        return result;
      };
      return run;
    };
  };
}

export function lazySchemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  return {
    compilersFactory: {
      buildValidator: lazily(AjvCompiler() as unknown as Factory, true) as never,
      buildSerializer: lazily(SerializerSelector() as unknown as Factory, false) as never,
    },
  };
}
