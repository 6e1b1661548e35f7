/**
 * A payment's reference (an M-Pesa code, a cheque or bank reference) names one payment: a
 * company books the money it names once. References are compared as their key: without
 * spaces and in upper case, so `qx12 ab34cd` and `QX12AB34CD` are one payment, as a bank
 * would read them.
 */

/** The reference as it is compared, or null when there is none (blank). */
export function paymentReferenceKey(reference: string | null | undefined): string | null {
  const key = (reference ?? '').replace(/\s+/g, '').toUpperCase();
  return key === '' ? null : key;
}

/** An M-Pesa transaction code as Safaricom issues it: ten capital letters and digits (e.g. SJ41H7QW2Z). */
export const MPESA_CODE = /^[A-Z0-9]{10}$/;

export function isMpesaCode(code: string): boolean {
  return MPESA_CODE.test(code);
}

/**
 * How a payment booked under a reference meets a line naming the same reference: `same` (the
 * same tenancy and amount: the same payment met again, skipped and counted) or `other` (another
 * tenancy or amount: refused, the booked receipt named).
 */
export function bookedAgain(booked: { tenancyId: number; amount: number }, line: { tenancyId: number; amount: number }): 'same' | 'other' {
  return booked.tenancyId === line.tenancyId && booked.amount === line.amount ? 'same' : 'other';
}
