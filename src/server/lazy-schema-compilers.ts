/**
 * Fastify compiles every route's validation and serialization schemas when the app starts:
 * about a quarter of a second for the whole interface. An embedded CLI run calls one endpoint,
 * so here each schema is compiled the first time its route is used, with fastify's own
 * compilers (same ajv options, same fast-json-stringify), just later. The compilers themselves
 * (ajv, fast-json-stringify) load only for a request that needs them (a reply sent as bytes is
 * not serialized). The hooks of loadCompilersWhenNeeded load them before a validation or
 * serialization that needs them.
 */
import type { FastifyInstance, FastifySchema, FastifyServerOptions } from 'fastify';

type Compiler = (route: unknown) => (data: unknown) => unknown;
type Factory = (externalSchemas: unknown, options: unknown) => Compiler;
type Validator = ((data: unknown) => unknown) & { errors?: unknown };
type CompilerModule = typeof import('./schema-compilers.js');

let compilers: CompilerModule | undefined;
let loading: Promise<unknown> | undefined;

function loadCompilers(): Promise<unknown> {
  loading ??= import('./schema-compilers.js').then((module) => {
    compilers = module;
  });
  return loading;
}

function lazily(factoryOf: (module: CompilerModule) => Factory, passErrors: boolean): Factory {
  return (externalSchemas, options) => {
    let compiler: Compiler | undefined;
    return (route) => {
      let compiled: Validator | undefined;
      const run: Validator = (data) => {
        if (!compiled) {
          if (!compilers) throw new Error('a schema was used before its compiler was loaded');
          compiled = (compiler ??= factoryOf(compilers)(externalSchemas, options))(route) as Validator;
        }
        const result = compiled(data);
        // Fastify reads a failed validation's details from the function it was handed.
        if (passErrors) run.errors = compiled.errors;
        return result;
      };
      return run;
    };
  };
}

interface RouteSchema {
  httpPart?: string;
}

const ajvValidator = lazily((module) => module.AjvCompiler() as unknown as Factory, true);

/**
 * A JSON body carries its own types: `"companyId": "1"`, `true` or `[1]` is not an id, so a
 * body is checked without the coercion that query strings, params and headers (text on the
 * wire) need.
 */
function withoutCoercion(options: unknown): unknown {
  const { customOptions, ...rest } = (options ?? {}) as { customOptions?: Record<string, unknown> };
  return { ...rest, customOptions: { ...customOptions, coerceTypes: false } };
}

function validatorFactory(externalSchemas: unknown, options: unknown): Compiler {
  const ajv = ajvValidator(externalSchemas, options);
  const bodyAjv = ajvValidator(externalSchemas, withoutCoercion(options));
  return (route) => ((route as RouteSchema).httpPart === 'body' ? bodyAjv(route) : ajv(route));
}

export function lazySchemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  return {
    compilersFactory: {
      buildValidator: validatorFactory as never,
      buildSerializer: lazily((module) => module.SerializerSelector() as unknown as Factory, false) as never,
    },
  };
}

const needsAjvBySchema = new WeakMap<FastifySchema, boolean>();

function needsAjv(schema: FastifySchema | undefined): boolean {
  if (!schema) return false;
  let needs = needsAjvBySchema.get(schema);
  if (needs === undefined) {
    needs = Boolean(schema.body || schema.params || schema.headers || schema.querystring);
    needsAjvBySchema.set(schema, needs);
  }
  return needs;
}

/** Loads the compilers before the first validation or serialization that needs them. */
export function loadCompilersWhenNeeded(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (compilers || !needsAjv(request.routeOptions.schema)) return done();
    loadCompilers().then(() => done(), done);
  });
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (compilers || !request.routeOptions.schema?.response) return done(null, payload);
    loadCompilers().then(() => done(null, payload), done);
  });
}
