/** Demo property portfolio and its ledger. */
import type { DemoContext } from './demo-context.js';

export function seedPropertyDemo(_context: DemoContext): void {}
