/**
 * What composing a sale reads from the outbox file and writes back to it: the local copy of the
 * catalogue and stock (refreshed on every online run of `sale save`, used when the service
 * cannot be reached) and the units sold in kept sales, which are not offered again until a sync
 * delivers those sales.
 */
import { existsSync } from 'node:fs';
import type { CommandContext } from '../context.js';
import type { CatalogCopy } from './catalog-copy-store.js';
import type { StockUnit, UnitSoldHere } from './interactive-sale.js';
import { outboxFile } from './outbox-location.js';
import { Outbox, type OutboxEntry } from './outbox-store.js';

export interface LocalCatalog {
  copy?: CatalogCopy;
  /** Units sold in kept sales for this service and company, by unit id. */
  soldLocally: Map<number, OutboxEntry>;
}

export async function readLocalCatalog(context: CommandContext, target: string, companyId: number): Promise<LocalCatalog> {
  const file = await outboxFile(context);
  if (!existsSync(file)) return { soldLocally: new Map() };
  const outbox = await Outbox.open(file);
  try {
    return { copy: outbox.catalog.get(target, companyId), soldLocally: outbox.unitsSoldLocally(target, companyId) };
  } finally {
    outbox.close();
  }
}

export async function saveCatalogCopy(context: CommandContext, copy: CatalogCopy): Promise<void> {
  const outbox = await Outbox.open(await outboxFile(context));
  try {
    outbox.catalog.save(copy);
  } finally {
    outbox.close();
  }
}

/** Takes units a sale just saved online out of the local copies (when there is an outbox file at all). */
export async function dropSoldUnits(context: CommandContext, companyId: number, unitIds: readonly number[]): Promise<void> {
  if (unitIds.length === 0) return;
  const file = await outboxFile(context);
  if (!existsSync(file)) return;
  const outbox = await Outbox.open(file);
  try {
    outbox.catalog.dropUnits(companyId, unitIds);
  } finally {
    outbox.close();
  }
}

/** The units of a copy or of the service still to offer: those sold in kept sales left out. */
export function unitsToOffer(units: readonly StockUnit[], soldLocally: ReadonlyMap<number, unknown>): StockUnit[] {
  return units.filter((unit) => !soldLocally.has(unit.id));
}

/** "35 minutes", "3 hours", "2 days": how old a copy is, in the largest whole unit. */
export function ageText(savedAt: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - savedAt) / 60_000));
  const [count, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 48 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / 1440), 'day'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** `2026-11-25 07:36` in the zone. */
export function wallClock(epochMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(epochMs);
}

/** The units of the copy that kept sales sold, with the sale that sold each. */
export function unitsSoldHere(local: LocalCatalog): UnitSoldHere[] {
  return (local.copy?.units ?? [])
    .filter((unit) => local.soldLocally.has(unit.id))
    .map((unit) => {
      const entry = local.soldLocally.get(unit.id)!;
      return { unit, outboxId: entry.id, issuedTo: entry.body.issuedTo };
    });
}
