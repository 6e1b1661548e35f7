/* global window, URLSearchParams */
// A browser client of the shopprop server, served from an origin of its own, as a landlord
// portal or a browser till is: it logs in, reads paid and balance, pages the sale list to its end
// with the headers the server exposes, and saves a sale with an Idempotency-Key, sent twice as a
// retry would be. It reports what it could read; the test judges it.
window.runClient = async function runClient({ api, username, password, companyId, zoneId, pageSize, sale, idempotencyKey }) {
  const report = { steps: [] };
  const step = (name) => report.steps.push(name);
  try {
    const login = await fetch(`${api}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    report.login = { status: login.status };
    const { token } = await login.json();
    step('login');
    const auth = { authorization: `Bearer ${token}` };

    const paid = await fetch(`${api}/api/propertystmt/paidbalance?${new URLSearchParams({ companyId, zoneId })}`, { headers: auth });
    const rows = await paid.json();
    report.paidBalance = { status: paid.status, rows: rows.length, balance: rows.reduce((sum, row) => sum + row.balance, 0) };
    step('paidbalance');

    // Pages read after where the previous one ended (X-Next-After), `start` counted as the server
    // says it means (X-Paging-Style): the keyset reading the bundled server offers.
    report.pages = [];
    const ids = [];
    let start = 0;
    let after = null;
    for (;;) {
      const query = new URLSearchParams({ companyId, start, limit: pageSize });
      if (after) {
        const [afterDate, afterId] = after.split('.');
        query.set('afterDate', afterDate);
        query.set('afterId', afterId);
      }
      const page = await fetch(`${api}/api/inventorycashsale/list?${query}`, { headers: auth });
      const body = await page.json();
      const style = page.headers.get('x-paging-style');
      after = page.headers.get('x-next-after');
      report.pages.push({ status: page.status, size: body.list.length, count: body.count, style, after });
      ids.push(...body.list.map((sale) => sale.id));
      if (style !== 'offset') throw new Error(`the server's paging style could not be read: ${style}`);
      start += body.list.length;
      if (body.list.length === 0 || start >= body.count || !after) break;
    }
    report.listed = { ids: ids.length, distinct: new Set(ids).size };
    step('list');

    const save = () =>
      fetch(`${api}/api/inventorycashsale/save`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(sale),
      });
    const first = await save();
    const again = await save();
    report.saves = [
      { status: first.status, body: await first.json() },
      { status: again.status, body: await again.json() },
    ];
    step('save');
  } catch (error) {
    report.error = `${error.name}: ${error.message}`;
  }
  return report;
};
