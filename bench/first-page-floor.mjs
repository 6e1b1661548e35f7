// The floor under an embedded first page: better-sqlite3 opens the store, reads company 1's
// newest 50 sales (each its record's JSON text, from the index that holds it) and their count,
// and prints them. `node bench/first-page-floor.mjs bench/out/demo-scale-100.db`
import Database from 'better-sqlite3';

const db = new Database(process.argv[2], { readonly: true });
const [wire] = db.prepare("select sql from sqlite_master where name = 'cash_sales_company_wire'").pluck().all();
const record = wire.slice(wire.indexOf('json_object('), -1);
const list = db.prepare(`select ${record} from cash_sales where company_id = 1 order by issue_date desc, id desc limit 50`).pluck().all();
const count = db.prepare('select count from cash_sale_stats where company_id = 1').pluck().get();
process.stdout.write(`{"count":${count},"list":[${list.join(',')}]}\n`);
