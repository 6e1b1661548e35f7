/** fastify's own schema compilers, in a module of their own so that they load only when needed. */
export { AjvCompiler } from '@fastify/ajv-compiler';
export { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
