/** The whole schema as kysely sees it: one interface per area, joined here. */
import type { CoreTables } from './tables/core.js';
import type { PropertyTables } from './tables/property.js';
import type { SalesTables } from './tables/sales.js';

export interface Database extends CoreTables, SalesTables, PropertyTables {}
