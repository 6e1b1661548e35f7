/**
 * The run's PostgreSQL server is the major SHOPPROP_TEST_POSTGRES asks for (18 unless set), so a
 * run on the oldest supported version cannot silently test the newest.
 */
import { describe, expect, it } from 'vitest';
import { chosenPostgresMajor } from '../helpers/postgres-cluster.js';
import { usePostgres, withClient } from '../helpers/postgres.js';

const postgres = usePostgres();

describe('the test PostgreSQL server', () => {
  it.skipIf(process.env.SHOPPROP_TEST_DATABASE_URL)('runs the major version asked for', async () => {
    const url = await postgres.createDatabase();
    const { rows } = await withClient(url, (client) => client.query<{ server_version_num: string }>('show server_version_num'));
    expect(Math.floor(Number(rows[0]!.server_version_num) / 10_000)).toBe(Number(chosenPostgresMajor()));
  });

  it('refuses a major it has no server for, naming the ones it has', () => {
    expect(() => chosenPostgresMajor({ SHOPPROP_TEST_POSTGRES: '13' })).toThrow('SHOPPROP_TEST_POSTGRES=13: the tests run PostgreSQL 15 or 18');
    expect(chosenPostgresMajor({})).toBe('18');
    expect(chosenPostgresMajor({ SHOPPROP_TEST_POSTGRES: '15' })).toBe('15');
  });
});
