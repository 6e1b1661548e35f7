/**
 * The interface's enumerations as plain values. Kept apart from the schemas so the CLI's
 * command definitions can name them without loading the schema library at start-up.
 */

/** Payment methods; the mobile-money method is spelled MPESA on the wire (DOMAIN.md). */
export const PAYMENT_METHODS = ['CASH', 'MPESA', 'CHECK'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const LANDLORD_PAYMENT_TYPES = ['COMBINED', 'RENT_ONLY', 'SERVICE_CHARGE_ONLY'] as const;
export type LandlordPaymentType = (typeof LANDLORD_PAYMENT_TYPES)[number];

export const STATEMENT_TYPES = ['INTERIM', 'FINAL'] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

export const PAID_POSTED = ['YES', 'NO', 'ALL'] as const;
export type PaidPosted = (typeof PAID_POSTED)[number];

/** What a user may do: a cashier saves sales, an accountant reads reports, an admin does everything. */
export const ROLES = ['cashier', 'accountant', 'admin'] as const;
export type Role = (typeof ROLES)[number];
