/** Routes of this resource; registered by app.ts. */
import type { FastifyInstance } from 'fastify';

export async function receiptSpecRoutes(_app: FastifyInstance): Promise<void> {}
