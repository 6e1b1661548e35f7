/** Routes of this resource; registered by app.ts. */
import type { FastifyInstance } from 'fastify';

export async function propertyReportRoutes(_app: FastifyInstance): Promise<void> {}
