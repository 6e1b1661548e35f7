// `shopprop month-end` of the whole demo company (every property's statement prepared, read,
// put in the workbook and the CSVs, and rendered as a PDF) at scale 10 and 100: wall time, the
// phases (SHOPPROP_DEBUG=timing) and peak memory (GNU time's max RSS). The PDFs' rate is compared
// in the same run, interleaved, with pdfkit rendering the same statements alone: the same
// drawing code (src/server/pdf/statement-pdf.ts, bundled here with esbuild) given each statement's
// document already in memory, so no store read, no request, no file, and pdfkit as it comes
// (each document parses its fonts' metrics). Target: the month-end's PDFs within 1.5x of that.
// A second baseline is our renderer alone, fonts' metrics kept as the month-end keeps them: the
// ratio to it is what the month-end adds around the drawing. `node bench/month-end.mjs [--runs N]`.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { benchEnv, BIN, demoDatabase, median, OUT, ROOT } from './lib.mjs';

const MONTH = ['--month', '10', '--year', '2026'];

/** Runs a command under GNU time: wall ms, peak RSS in MB, and what it said on stderr. */
function measured(command, args, env) {
  const started = process.hrtime.bigint();
  const result = spawnSync('/usr/bin/time', ['-f', 'peak-kb %M', command, ...args], { env, encoding: 'utf8', maxBuffer: 1 << 26 });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  const peakKb = Number(/peak-kb (\d+)/.exec(result.stderr)[1]);
  return { wallMs, peakMb: peakKb / 1024, stderr: result.stderr, stdout: result.stdout };
}

/** The `timing: <phase> <count> <ms>` lines of a month-end, by phase. */
function phases(stderr) {
  const found = {};
  for (const [, phase, count, ms] of stderr.matchAll(/^timing: (\S+) (\d+(?:\.\d+)?) ?(\d+(?:\.\d+)?)?$/gm)) {
    found[phase] = ms === undefined ? { value: Number(count) } : { count: Number(count), ms: Number(ms) };
  }
  return found;
}

/** pdfkit as it comes: the module that keeps fonts' metrics replaced by one that does nothing. */
const metricsNotKept = {
  name: 'metrics-not-kept',
  setup(b) {
    b.onLoad({ filter: /standard-font-metrics\.ts$/ }, () => ({ contents: 'export function keepStandardFontMetrics() {}', loader: 'ts' }));
  },
};

/** A script that renders the statements of a store with pdfkit alone, built from the source. */
async function pdfkitAlone({ keepMetrics }) {
  const outfile = join(OUT, `statement-pdfs-alone${keepMetrics ? '-kept' : ''}.mjs`);
  await build({
    stdin: {
      contents: `
        import { performance } from 'node:perf_hooks';
        import { openShopStore } from './src/store/open/open-shop-store.ts';
        import { renderStatementPdf } from './src/server/pdf/statement-pdf.ts';
        const [file, ids] = [process.argv[2], JSON.parse(process.argv[3])];
        const store = await openShopStore(file);
        const documents = [];
        for (const id of ids) documents.push(await store.statementDocument(id, 1));
        await store.close();
        await renderStatementPdf(documents[0]); // pdfkit loaded before the clock starts
        const started = performance.now();
        let bytes = 0;
        for (const document of documents) bytes += (await renderStatementPdf(document)).length;
        console.log(JSON.stringify({ pdfs: documents.length, ms: performance.now() - started, bytes }));
      `,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    external: ['better-sqlite3', 'pdfkit', 'exceljs'],
    define: { __SHOPPROP_VERSION__: '"bench"' },
    plugins: keepMetrics ? [] : [metricsNotKept],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}

async function atScale(scale, runs, alone, rendererAlone) {
  const db = join(OUT, `month-end-scale-${scale}.db`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  copyFileSync(demoDatabase(scale), db);
  const folder = join(OUT, `month-end-scale-${scale}`);
  const env = benchEnv({ SHOPPROP_DEBUG: 'timing' });
  const monthEnd = () => measured(process.execPath, [BIN, '--db', db, 'month-end', '--company', '1', ...MONTH, '-o', folder, '--force'], env);
  monthEnd(); // untimed: the copy brought to this version's schema, the code caches written
  const ids = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))
    .files.filter((f) => f.statementId)
    .map((f) => f.statementId);
  const ours = [];
  const baseline = [];
  const renderer = [];
  for (let i = 0; i < runs; i++) {
    const run = monthEnd();
    ours.push({ ...run, phases: phases(run.stderr) });
    // The statements of this run (prepared again, new ids) are in its manifest.
    const now = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))
      .files.filter((f) => f.statementId)
      .map((f) => f.statementId);
    const base = measured(process.execPath, [alone, db, JSON.stringify(now)], benchEnv());
    baseline.push({ ...JSON.parse(base.stdout), peakMb: base.peakMb });
    renderer.push(JSON.parse(measured(process.execPath, [rendererAlone, db, JSON.stringify(now)], benchEnv()).stdout));
  }
  const msPerPdf = ours.map((r) => r.phases.pdfs.ms / r.phases.pdfs.count);
  const aloneMsPerPdf = baseline.map((b) => b.ms / b.pdfs);
  const rendererMsPerPdf = renderer.map((b) => b.ms / b.pdfs);
  const pick = (name) => median(ours.map((r) => r.phases[name].ms));
  return {
    scale,
    properties: ids.length,
    runs,
    wallMs: median(ours.map((r) => r.wallMs)),
    peakMb: Math.max(...ours.map((r) => r.peakMb)),
    phasesMs: { prepare: pick('prepare'), read: pick('read'), workbook: pick('workbook'), pdfs: pick('pdfs') },
    sheets: ours[0].phases.workbook.count,
    pdfsPerSecond: 1000 / median(msPerPdf),
    alonePdfsPerSecond: 1000 / median(aloneMsPerPdf),
    alonePeakMb: Math.max(...baseline.map((b) => b.peakMb)),
    // Each run's ratio to the baseline run right after it, then their median.
    ratio: median(msPerPdf.map((ms, i) => ms / aloneMsPerPdf[i])),
    rendererPdfsPerSecond: 1000 / median(rendererMsPerPdf),
    ratioToRenderer: median(msPerPdf.map((ms, i) => ms / rendererMsPerPdf[i])),
  };
}

export async function benchMonthEnd({ runs = 3 } = {}) {
  const alone = await pdfkitAlone({ keepMetrics: false });
  const rendererAlone = await pdfkitAlone({ keepMetrics: true });
  const scale10 = await atScale(10, runs, alone, rendererAlone);
  const scale100 = await atScale(100, runs, alone, rendererAlone);
  return { scale10, scale100, target: { ratio: 1.5 } };
}

/** The benchmark's lines for RESULTS.md. */
export function monthEndReport(r) {
  const f0 = (n) => Math.round(n).toLocaleString('en-US');
  const f2 = (n) => n.toFixed(2);
  const lines = [
    `## Month-end of the whole demo company (every statement prepared, workbook, CSVs, a PDF each; median of ${r.scale100.runs} runs interleaved with the baseline)`,
    '| store | properties | wall ms | prepare | read | workbook (sheets) | PDFs | peak MB | PDFs/s | pdfkit alone PDFs/s | ratio (target <= 1.5) | renderer alone PDFs/s | ratio |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const s of [r.scale10, r.scale100]) {
    const p = s.phasesMs;
    lines.push(
      `| scale ${s.scale} | ${f0(s.properties)} | ${f0(s.wallMs)} | ${f0(p.prepare)} | ${f0(p.read)} | ${f0(p.workbook)} (${s.sheets}) | ${f0(p.pdfs)} | ${f0(s.peakMb)} | ${f0(s.pdfsPerSecond)} | ${f0(s.alonePdfsPerSecond)} | ${f2(s.ratio)} | ${f0(s.rendererPdfsPerSecond)} | ${f2(s.ratioToRenderer)} |`,
    );
  }
  lines.push(
    `Peak memory at scale 100 is ${f2(r.scale100.peakMb / r.scale10.peakMb)}x that at scale 10 for ${f2(r.scale100.properties / r.scale10.properties)}x the properties.`,
  );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
  const result = await benchMonthEnd({ runs });
  console.log(JSON.stringify(result, null, 2));
  console.error(monthEndReport(result));
}
