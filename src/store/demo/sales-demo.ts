/** Demo catalog, stock and past sales. */
import type { DemoContext } from './demo-context.js';

export function seedSalesDemo(_context: DemoContext): void {}
