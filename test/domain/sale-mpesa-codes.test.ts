/** The M-Pesa codes of a sale's payments, by example: only MPESA channels carry one, of M-Pesa's form, once per sale. */
import { describe, expect, it } from 'vitest';
import { saleMpesaCodes } from '../../src/domain/sale-mpesa-codes.js';

const METHODS: Record<number, string> = { 1: 'CASH', 2: 'MPESA', 3: 'CHECK' };
const methodOf = (id: number) => METHODS[id];
const channels = (...list: [number, string][]) => ({ channelsDto: list.map(([channelId, referenceNo]) => ({ channelId, referenceNo, amount: 1 })) });

describe('saleMpesaCodes', () => {
  it('gives each MPESA channel its code and the others none; cash and cheque references are not checked', () => {
    expect(saleMpesaCodes(channels([1, 'abc'], [2, 'SJ41H7QW2Z'], [3, 'chq 0042']), methodOf)).toEqual({ codes: [null, 'SJ41H7QW2Z', null], problems: [] });
  });

  it('refuses a code not of ten capital letters and digits, and a missing one, naming the field', () => {
    const { codes, problems } = saleMpesaCodes(channels([2, 'sj41h7qw2z'], [2, 'SJ41H7QW2'], [2, ' SJ41H7QW2Z'], [2, '  ']), methodOf);
    expect(codes).toEqual([null, null, null, null]);
    expect(problems.map((p) => p.message)).toEqual([
      'channelsDto[0].referenceNo: "sj41h7qw2z" is not an M-Pesa transaction code (ten capital letters and digits, e.g. SJ41H7QW2Z)',
      'channelsDto[1].referenceNo: "SJ41H7QW2" is not an M-Pesa transaction code (ten capital letters and digits, e.g. SJ41H7QW2Z)',
      'channelsDto[2].referenceNo: " SJ41H7QW2Z" is not an M-Pesa transaction code (ten capital letters and digits, e.g. SJ41H7QW2Z)',
      'channelsDto[3].referenceNo: an M-Pesa payment needs its transaction code (ten capital letters and digits, e.g. SJ41H7QW2Z)',
    ]);
  });

  it('refuses one code named twice in a sale', () => {
    const { codes, problems } = saleMpesaCodes(channels([2, 'SJ41H7QW2Z'], [1, ''], [2, 'SJ41H7QW2Z']), methodOf);
    expect(codes).toEqual(['SJ41H7QW2Z', null, null]);
    expect(problems.map((p) => p.field)).toEqual(['channelsDto[2].referenceNo']);
    expect(problems[0]!.message).toContain('is already the code of channelsDto[0]');
  });

  it('leaves a channel of unknown method alone (its id is refused elsewhere), and a sale without channels has no codes', () => {
    expect(saleMpesaCodes(channels([9, 'abc']), methodOf)).toEqual({ codes: [null], problems: [] });
    expect(saleMpesaCodes({}, methodOf)).toEqual({ codes: [], problems: [] });
  });
});
