import { isBuiltin } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The "may import" table of docs/architecture.md as a check over every production file of
 * src/, routes/, islands/, db/ and media/: runtime and type-only imports both count, every file
 * must fall under a rule, and raw SQL stays in db/. Test code is exempt (see isExempt).
 */
export interface Violation {
  /** The importing file, relative to the root. */
  file: string;
  /** The specifier as written (or the raw SQL found). */
  import: string;
  /** Which rule it breaks, in words. */
  rule: string;
}

interface Rule {
  /** Files (root-relative, `/`-separated prefixes or whole paths) the rule governs. */
  from: string[];
  /** What the rule says, for the report. */
  rule: string;
  /** Is importing our file `target` (root-relative) allowed? */
  allows(target: string): boolean;
  /** Builtins (`bun`, `bun:*`, `node:*`, `fs`…) are refused too. */
  noBuiltins?: boolean;
}

const under = (...prefixes: string[]) => (target: string) => prefixes.some((p) => target === p || target.startsWith(p));

/** What everything uses: the browser-safe shared code, config, errors and the logger. */
const FOUNDATION = ['src/shared/', 'src/config.ts', 'src/errors.ts', 'src/logger.ts'];
/** The composition: entry points that build and wire the rest; nothing else imports them. */
export const COMPOSITION = ['src/compose/'];
/** Files at the repository root that any server code may read (the version number). */
const ROOT_FILES = ['package.json'];

export const RULES: Rule[] = [
  {
    from: ['islands/'],
    rule: 'islands/ may import only islands/ and src/shared/, never server code or bun:/node: builtins',
    allows: under('islands/', 'src/shared/'),
    noBuiltins: true,
  },
  {
    from: ['src/shared/'],
    rule: 'src/shared/ (run by the browser too) may import only src/shared/, never bun:/node: builtins',
    allows: under('src/shared/'),
    noBuiltins: true,
  },
  {
    from: ['src/config.ts', 'src/errors.ts', 'src/logger.ts'],
    rule: 'config.ts, errors.ts and logger.ts may import only each other and src/shared/',
    allows: under(...FOUNDATION),
  },
  {
    from: ['db/'],
    rule: 'db/ imports nothing of ours outside db/ but the value lists of src/shared/enums.ts',
    allows: under('db/', 'src/shared/enums.ts'),
  },
  {
    from: ['media/'],
    rule: 'media/ may import only media/, src/config.ts, src/errors.ts and the audio formats and upload limits of src/shared/',
    allows: under('media/', 'src/config.ts', 'src/errors.ts', 'src/shared/audio-formats.ts', 'src/shared/upload-limits.ts'),
  },
  {
    from: ['src/data-dir.ts'],
    rule: 'src/data-dir.ts (the DATA_DIR layout) may import only db/ and what everything uses',
    allows: under('db/', ...FOUNDATION),
  },
  {
    from: ['src/services/'],
    rule: 'src/services/ may import only src/services/, db/, media/, src/data-dir.ts and what everything uses (never jobs, http, render, routes or the composition)',
    allows: under('src/services/', 'db/', 'media/', 'src/data-dir.ts', ...FOUNDATION, ...ROOT_FILES),
  },
  {
    from: ['src/jobs/'],
    rule: 'src/jobs/ may import only src/jobs/, src/services/, db/, media/ and what everything uses',
    allows: under('src/jobs/', 'src/services/', 'db/', 'media/', ...FOUNDATION),
  },
  {
    from: ['src/http/'],
    rule: 'src/http/ (cross-cutting plugins) may import only src/http/, src/services/, db/, media/ and what everything uses',
    allows: under('src/http/', 'src/services/', 'db/', 'media/', ...FOUNDATION),
  },
  {
    from: ['src/app-context.ts'],
    rule: 'src/app-context.ts may import only src/http/, db/, media/, src/data-dir.ts and what everything uses',
    allows: under('src/http/', 'db/', 'media/', 'src/data-dir.ts', ...FOUNDATION),
  },
  {
    from: ['src/render/'],
    rule: 'src/render/ never imports routes/ (the RSC entry lives with the pages and is handed to the renderer)',
    allows: (target) => !target.startsWith('routes/'),
  },
  {
    from: ['src/render/'],
    // src/compose/build.ts: from a checkout, source-bundles.ts builds the bundles when they are stale.
    rule: 'src/render/ may import only src/render/, src/pwa/, src/compose/build.ts, db/ (types) and what everything uses',
    allows: under('src/render/', 'src/pwa/', 'src/compose/build.ts', 'db/', 'routes/', ...FOUNDATION),
  },
  {
    from: ['src/pwa/'],
    rule: 'src/pwa/ may import only src/pwa/, src/render/ and what everything uses',
    allows: under('src/pwa/', 'src/render/', ...FOUNDATION),
  },
  {
    from: ['routes/'],
    rule: 'routes/ reach the database only through src/services (never db/)',
    allows: (target) => !target.startsWith('db/'),
  },
  {
    from: ['routes/'],
    rule: 'routes/ may import only routes/, islands/ (client components), media/, src/services/, src/http/, src/render/, src/app-context.ts and what everything uses',
    allows: under('routes/', 'islands/', 'media/', 'src/services/', 'src/http/', 'src/render/', 'src/app-context.ts', 'db/', ...FOUNDATION),
  },
  {
    from: COMPOSITION,
    rule: 'the composition (src/compose/: main, app, server, build, cli/, release/) imports anything of ours but islands/ (which it builds, not runs)',
    allows: (target) => !target.startsWith('islands/'),
  },
];

/** Raw SQL: drizzle's sql tag, the driver handle, prepared statements, a statement run directly. */
const RAW_SQL = [/\bsql`/, /\$client\b/, /\.(?:query|prepare)\(/, /\.exec\(\s*['"`]\s*(?:PRAGMA|SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|VACUUM|BEGIN|WITH)\b/i];
/** The raw SQL a source text holds (each kind once). */
export function rawSqlIn(source: string): string[] {
  return RAW_SQL.map((pattern) => pattern.exec(source)?.[0]).filter((found) => found !== undefined);
}

/** The database drivers: only db/ opens or queries the database. */
const isDatabaseDriver = (spec: string) => spec === 'bun:sqlite' || spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/');

/**
 * Test code, exempt from the rules: tests, src/testing/, src/e2e/, bench/, and test harnesses
 * kept beside what they fake (`*.test-harness.ts(x)`, e.g. islands/player/fake-audio.test-harness.ts).
 */
export function isExempt(file: string): boolean {
  return /\.(test|spec|test-harness)\.tsx?$/.test(file) || /^(src\/testing|src\/e2e|bench)\//.test(file);
}


const SOURCE_GLOB = '{src,routes,islands,db,media}/**/*.{ts,tsx}';

export function productionFiles(root: string): string[] {
  const files = [...new Bun.Glob(SOURCE_GLOB).scanSync({ cwd: root })].map((f) => f.split(sep).join('/'));
  return files.filter((f) => !isExempt(f) && !f.endsWith('.d.ts')).sort();
}

const isBuiltinSpecifier = (spec: string) => spec === 'bun' || spec.startsWith('bun:') || isBuiltin(spec);

/** Root-relative target of a relative import, or null for packages and builtins. */
function ourTarget(root: string, file: string, spec: string): string | null {
  if (!spec.startsWith('.') && !spec.startsWith('/')) return null;
  const target = relative(root, resolve(dirname(join(root, file)), spec)).split(sep).join('/');
  return target.startsWith('../') || target.startsWith('node_modules/') ? null : target;
}

// Statements at the start of a line (`import … from`, `export … from`, `import type …`) and
// type positions (`typeof import('…')`): the transpiler's scan drops type-only ones.
const STATIC_FROM = /^[ \t]*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"\n]+)['"]/gm;
const IMPORT_CALL = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** Every module specifier a file names: its runtime imports and its type-only ones. */
export function importsOf(source: string, transpiler = new Bun.Transpiler({ loader: 'tsx' })): string[] {
  const specs = new Set(transpiler.scanImports(source).map((i) => i.path));
  for (const pattern of [STATIC_FROM, IMPORT_CALL]) for (const match of source.matchAll(pattern)) specs.add(match[1]!);
  return [...specs];
}

/** An API address written as a string or template literal (comments are stripped before the search). */
const API_ADDRESS = /['"`]\/api\//;
/** Islands reach the API only through their resource modules, so each address is written once. */
const ownsApiAddresses = (file: string) => !file.startsWith('islands/') || file.startsWith('islands/lib/api/');

const NO_RULE = 'every production file falls under a rule: add its folder to RULES in src/testing/boundaries.ts';
const TEST_CODE = 'production code never imports test code (tests, src/testing/, src/e2e/, bench/, *.test-harness.ts)';
const RAW_SQL_RULE = 'raw SQL and the database drivers (bun:sqlite, drizzle-orm) stay in db/: call a function of db/queries';
const API_RULE = 'islands/ write /api/ addresses only in islands/lib/api/<resource>.ts: call that module';

/** Every import of each production file (or of `files`) checked against RULES, plus raw SQL outside db/ and API addresses outside islands/lib/api/. */
export function checkBoundaries(root: string, files: string[] = productionFiles(root)): Violation[] {
  const transpiler = new Bun.Transpiler({ loader: 'tsx' });
  const violations: Violation[] = [];
  for (const file of files) {
    if (isExempt(file)) continue;
    const rules = RULES.filter((r) => r.from.some((from) => file === from || file.startsWith(from)));
    if (rules.length === 0) violations.push({ file, import: '(none)', rule: NO_RULE });
    const source = readFileSync(join(root, file), 'utf8');
    const inDb = file.startsWith('db/');
    for (const spec of importsOf(source, transpiler)) {
      const target = ourTarget(root, file, spec);
      if (target !== null && isExempt(target)) violations.push({ file, import: spec, rule: TEST_CODE });
      if (!inDb && target === null && isDatabaseDriver(spec)) violations.push({ file, import: spec, rule: RAW_SQL_RULE });
      for (const rule of rules) {
        const broken = target === null ? rule.noBuiltins === true && isBuiltinSpecifier(spec) : !rule.allows(target);
        if (broken) violations.push({ file, import: spec, rule: rule.rule });
      }
    }
    if (!ownsApiAddresses(file) && API_ADDRESS.test(transpiler.transformSync(source))) violations.push({ file, import: '/api/…', rule: API_RULE });
    if (inDb) continue;
    for (const found of rawSqlIn(source)) violations.push({ file, import: found, rule: RAW_SQL_RULE });
  }
  return violations;
}

export function formatViolation(v: Violation): string {
  return `${v.file}: "${v.import}" — ${v.rule}`;
}

if (import.meta.main) {
  const root = resolve(import.meta.dir, '../..');
  const violations = checkBoundaries(root);
  for (const v of violations) console.error(formatViolation(v));
  console.log(violations.length === 0 ? 'Import boundaries hold.' : `${violations.length} import boundary violation(s).`);
  process.exit(violations.length === 0 ? 0 : 1);
}
