// The Interactive Sudoku Solver (sigh/Interactive-Sudoku-Solver, "ISS") on the variant
// benchmark's puzzles, under Node: a speed reference for benchmarks/bench_constraints.py.
//
//   node benchmarks/bench_iss.mjs --iss DIR [--puzzles FILE.json] [--variants DIR]
//                      [--encoding native|fpuzzles] [--max-backtracks N] [--no-warmup] [--json]
//
// DIR is a local checkout of ISS (or $ISS_DIR); nothing of ISS is copied into this repository.
// One way to get one:  git clone https://github.com/sigh/Interactive-Sudoku-Solver /tmp/iss
// ISS runs headless in Node the way its own tools/ do (tools/perf/benchmark_puzzles.js): its
// tests/helpers/test_env.js sets the few browser globals its modules read, SudokuParser reads
// its constraint strings, SudokuBuilder.build makes the solver, and the internal solver's
// run() searches, here for up to 2 solutions (the uniqueness proof), as ours does.
//
// The puzzles: FILE is what `bench_constraints.py --export FILE` writes (name, source,
// solution, the f-puzzles JSON); without it, the rows of community-train.tsv that have an
// f-puzzles link (--variants DIR, $SUDOKU_VARIANTS or ../shared/variants). ISS has no
// f-puzzles importer, so each puzzle is given to it as a constraint string:
//   - community puzzles: ISS's own encoding, looked up by name among its example puzzles
//     (the community set was converted from them, so every name is there; a name that is
//     not falls back to the converter), with --encoding native (the default). --encoding
//     fpuzzles converts them from the f-puzzles JSON instead where the converter below
//     knows every key (a cross-check of the data);
//   - generated puzzles: converted from the f-puzzles JSON (givens, killer cages,
//     thermometers, arrows with a one-cell circle, white and black Kropki dots).
// A puzzle that cannot be said to ISS is "refused", naming why.
//
// Timed: CPU ms (process.cpuUsage, every thread of Node, as bench_pyodide measures Pyodide)
// of SudokuBuilder.build + run for each puzzle, once, in file order, after one untimed solve
// of the first puzzle (the JIT's first compiles; --no-warmup times them too); parsing the
// constraint string is not timed, as ours does not time reading the link. --max-backtracks
// caps a search ("gave up"); none by default.
// Prints one line per puzzle and a summary; --json prints, last, one JSON line for
// bench_constraints.py.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const opts = { iss: process.env.ISS_DIR, puzzles: null, variants: null, encoding: 'native',
  maxBacktracks: 0, json: false, warmup: true };
const argv = process.argv.slice(2);
while (argv.length) {
  const flag = argv.shift();
  if (flag === '--iss') opts.iss = argv.shift();
  else if (flag === '--puzzles') opts.puzzles = argv.shift();
  else if (flag === '--variants') opts.variants = argv.shift();
  else if (flag === '--encoding') opts.encoding = argv.shift();
  else if (flag === '--max-backtracks') opts.maxBacktracks = Number(argv.shift());
  else if (flag === '--json') opts.json = true;
  else if (flag === '--no-warmup') opts.warmup = false;
  else {
    console.error(`bench_iss: unknown argument ${flag}\n` +
      'usage: bench_iss.mjs --iss DIR [--puzzles FILE.json] [--variants DIR] ' +
      '[--encoding native|fpuzzles] [--max-backtracks N] [--no-warmup] [--json]');
    process.exit(2);
  }
}
const issDir = opts.iss && path.resolve(opts.iss);
if (!issDir || !existsSync(path.join(issDir, 'js', 'solver', 'sudoku_builder.js'))) {
  console.error('bench_iss: needs a checkout of sigh/Interactive-Sudoku-Solver: pass --iss DIR ' +
    'or set ISS_DIR ' +
    `(${issDir ? `${issDir} has no js/solver/sudoku_builder.js` : 'neither given'}).` +
    '\n  git clone https://github.com/sigh/Interactive-Sudoku-Solver /tmp/iss');
  process.exit(2);
}
if (!['native', 'fpuzzles'].includes(opts.encoding)) {
  console.error(`bench_iss: --encoding is native or fpuzzles, not ${opts.encoding}`);
  process.exit(2);
}

// ISS's modules, loaded the way its own CLIs load them.
const load = (rel) => import(pathToFileURL(path.join(issDir, rel)).href);
const { ensureGlobalEnvironment } = await load('tests/helpers/test_env.js');
ensureGlobalEnvironment();
const { resolvePuzzles, materializePuzzles } = await load('tools/lib/solver_analysis.js');
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');
const { LookupTables } = await load('js/solver/lookup_tables.js');

// ---- the puzzles ----

const readPuzzles = () => {
  if (opts.puzzles) return JSON.parse(readFileSync(opts.puzzles, 'utf8'));
  const folder = opts.variants ?? process.env.SUDOKU_VARIANTS ??
    path.join(here, '..', '..', 'shared', 'variants');
  const file = path.join(folder, 'community-train.tsv');
  if (!existsSync(file)) {
    console.error(`bench_iss: no community set at ${file}; give --variants DIR or --puzzles FILE`);
    process.exit(2);
  }
  const [head, ...lines] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const keys = head.split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((v, i) => [keys[i], v])))
    .filter((r) => r.fp_link)
    .map((r) => ({ name: r.name, source: 'community', solution: r.solution.trim(),
      fpuzzles: null }));
};

// f-puzzles JSON -> an ISS constraint string, for the keys the generated puzzles use.
// Throws naming the first thing it cannot say.
const IGNORED = new Set(['size', 'grid', 'title', 'author', 'ruleset', 'solution',
  'highlightConflicts', 'highlightSeenCells', 'highlightSameValues', 'disabledlogic',
  'truecandidatesoptions', 'cosmetic']);
const fromFpuzzles = (fp) => {
  if (fp.size !== 9) throw new Error(`size ${fp.size}: the converter writes 9x9 only`);
  const cell = (name) => {
    if (!/^R\dC\d$/.test(name)) throw new Error(`cell ${name}`);
    return name;
  };
  const parts = [];
  fp.grid.forEach((row, r) => row.forEach((c, k) => {
    if (c.region !== undefined) throw new Error('irregular regions');
    if (c.given && c.value) parts.push(`.~R${r + 1}C${k + 1}_${c.value}`);
    if (c.givenPencilMarks?.length) throw new Error('given pencil marks');
  }));
  const known = {
    killercage: (x) => {
      if (x.value === undefined || x.value === '') throw new Error('a cage without a sum');
      return `.Cage~${Number(x.value)}~${x.cells.map(cell).join('~')}`;
    },
    thermometer: (x) => x.lines.map((l) => `.Thermo~${l.map(cell).join('~')}`).join(''),
    arrow: (x) => {
      if (x.cells.length !== 1) throw new Error('an arrow with a pill');
      return x.lines.map((l) => {
        if (l[0] !== x.cells[0]) throw new Error('an arrow line not starting at its circle');
        return `.Arrow~${l.map(cell).join('~')}`;
      }).join('');
    },
    difference: (x) => {
      if (x.value !== undefined && Number(x.value) !== 1) throw new Error('a difference dot ≠ 1');
      return `.WhiteDot~${x.cells.map(cell).join('~')}`;
    },
    ratio: (x) => {
      if (x.value !== undefined && Number(x.value) !== 2) throw new Error('a ratio dot ≠ 2');
      return `.BlackDot~${x.cells.map(cell).join('~')}`;
    },
  };
  for (const [key, items] of Object.entries(fp)) {
    if (IGNORED.has(key)) continue;
    if (!known[key]) throw new Error(`the f-puzzles key '${key}' is not converted`);
    for (const item of items) parts.push(known[key](item));
  }
  return parts.join('') || '.';
};

const constraintText = async (p) => {
  if (p.source === 'community' && (opts.encoding === 'native' || !p.fpuzzles)) {
    let found;
    try {
      [found] = await materializePuzzles(resolvePuzzles([p.name]));
    } catch (e) {
      if (!p.fpuzzles) throw e;  // not among ISS's examples: the converter's turn
      return fromFpuzzles(p.fpuzzles);
    }
    return found.input.startsWith('/')
      ? readFileSync(path.join(issDir, found.input), 'utf8') : found.input;
  }
  return fromFpuzzles(p.fpuzzles);
};

// ---- one solve ----

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const solveOne = async (p) => {
  let constraint;
  try {
    constraint = SudokuParser.parseText(await constraintText(p));
  } catch (e) {
    return { name: p.name, verdict: 'refused', ms: null, note: String(e.message ?? e) };
  }
  const t0 = cpuMs();
  let solver;
  try {
    solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
  } catch (e) {
    return { name: p.name, verdict: 'refused', ms: null, note: String(e.message ?? e) };
  }
  const internal = solver._internalSolver;
  const geometry = constraint.getGeometry();
  const mode = { maxSolutions: 2 };
  if (opts.maxBacktracks) mode.maxBacktracks = opts.maxBacktracks;
  let first = null;
  const t1 = cpuMs();
  internal.run(mode, (grid) => { first ??= grid.slice(0, geometry.numGridCells); });
  const t2 = cpuMs();
  const { solutions, backtracks, guesses } = internal.counters;
  const exhausted = internal.state === internal.constructor.STATE_EXHAUSTED;
  // The published solutions spell 1..9 as digits, and 1..16 as A..P above 9x9 (as ISS does).
  const symbol = (v) => (geometry.numValues > 9 ? String.fromCharCode(64 + v) : String(v));
  const got = first
    ? Array.from(first, (m) => symbol(LookupTables.toOffsetValue(m, geometry.valueOffset))).join('')
    : '';
  const want = [...p.solution].filter((c) => /[0-9A-Za-z]/.test(c)).join('');
  let verdict;
  if (!exhausted && solutions < 2) verdict = 'gave up';
  else if (exhausted && solutions === 1 && got === want) verdict = 'right';
  else verdict = 'wrong';
  return { name: p.name, verdict, ms: t2 - t0, build_ms: t1 - t0, guesses, backtracks };
};

// ---- the run ----

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p90 = (xs) => [...xs].sort((a, b) => a - b)[
  Math.min(xs.length - 1, Math.floor(0.9 * xs.length))];

let commit = 'unknown commit';
try {
  commit = execFileSync('git', ['-C', issDir, 'rev-parse', '--short', 'HEAD'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
} catch { /* a checkout without .git (git archive): the commit is not known here */ }

const puzzles = readPuzzles();
if (opts.warmup && puzzles.length) await solveOne(puzzles[0]);  // untimed: the JIT warms up
const records = [];
const log = opts.json ? (s) => console.error(s) : (s) => console.log(s);
log(`# ISS ${commit} at ${issDir}, Node ${process.version}; CPU ms (build + search, up to 2 ` +
  `solutions), ${opts.encoding} encoding for community puzzles`);
for (const p of puzzles) {
  const rec = await solveOne(p);
  records.push(rec);
  const ms = rec.ms === null ? '' : `${rec.ms.toFixed(1)} ms`;
  log(`${rec.verdict.padEnd(8)} ${p.name.slice(0, 40).padEnd(40)} ${ms.padStart(12)}` +
    (rec.note ? `  ${rec.note.slice(0, 70)}` : `  (${rec.guesses} guesses)`));
}
const counts = { right: 0, wrong: 0, 'gave up': 0, refused: 0 };
for (const r of records) counts[r.verdict] += 1;
const ms = records.filter((r) => r.ms !== null).map((r) => r.ms);
log(`\n${Object.entries(counts).map(([k, v]) => `${k}: ${v}`).join(', ')}`);
if (ms.length) {
  log(`build + search, CPU ms over ${ms.length} puzzles read: median ${median(ms).toFixed(1)}, ` +
    `p90 ${p90(ms).toFixed(1)}, max ${Math.max(...ms).toFixed(1)}`);
}
if (opts.json) {
  console.log(JSON.stringify({ runtime: `Node ${process.version}`, iss: commit,
    encoding: opts.encoding, puzzles: records }));
}
