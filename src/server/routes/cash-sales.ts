/** Routes of this resource; registered by app.ts. */
import type { FastifyInstance } from 'fastify';

export async function cashSaleRoutes(_app: FastifyInstance): Promise<void> {}
