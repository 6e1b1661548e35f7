/** Row types of the property-management tables (filled in with the property schema). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PropertyTables {}
