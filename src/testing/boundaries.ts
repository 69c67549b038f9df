import { isBuiltin } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The design's "may import" table (design §2, docs/architecture.md) as a check over
 * `Bun.Transpiler.scanImports`: type-only imports are erased, so only runtime edges count.
 * Production source only: tests and test tooling (src/testing, src/e2e, bench) are exempt.
 */
export interface Violation {
  /** The importing file, relative to the root. */
  file: string;
  /** The specifier as written. */
  import: string;
  /** Which rule it breaks, in words. */
  rule: string;
}

interface Rule {
  /** Files (root-relative, `/`-separated) the rule governs. */
  from: string;
  /** What the rule says, for the report. */
  rule: string;
  /** Is importing our file `target` (root-relative) allowed? */
  allows(target: string): boolean;
  /** Builtins (`bun`, `bun:*`, `node:*`, `fs`…) are refused too. */
  noBuiltins?: boolean;
}

const under = (...prefixes: string[]) => (target: string) => prefixes.some((p) => target === p || target.startsWith(p));

export const RULES: Rule[] = [
  {
    from: 'islands/',
    rule: 'islands/ may import only islands/ and src/shared/, never server code or bun:/node: builtins',
    allows: under('islands/', 'src/shared/'),
    noBuiltins: true,
  },
  {
    from: 'db/',
    rule: 'db/ imports nothing of ours outside db/ but the value lists of src/shared/enums.ts',
    allows: under('db/', 'src/shared/enums.ts'),
  },
  {
    from: 'media/',
    rule: 'media/ may import only media/, src/config.ts, src/errors.ts and the audio formats and upload limits of src/shared/',
    allows: under('media/', 'src/config.ts', 'src/errors.ts', 'src/shared/audio-formats.ts', 'src/shared/upload-limits.ts'),
  },
  {
    from: 'routes/',
    rule: 'routes/ reach the database only through src/services (never db/)',
    allows: (target) => !target.startsWith('db/'),
  },
  {
    from: 'routes/',
    rule: 'routes/ may import only routes/, src/, media/ and islands/ (client components)',
    allows: under('routes/', 'src/', 'media/', 'islands/', 'db/'),
  },
  {
    from: 'src/render/',
    rule: 'src/render/ never imports routes/ (the RSC entry lives with the pages and is handed to the renderer)',
    allows: (target) => !target.startsWith('routes/'),
  },
  {
    from: 'src/shared/',
    rule: 'src/shared/ (run by the browser too) may import only src/shared/, never bun:/node: builtins',
    allows: under('src/shared/'),
    noBuiltins: true,
  },
  {
    from: 'src/services/',
    rule: 'src/services/ never imports src/jobs/ (jobs call services, not the reverse)',
    allows: (target) => !target.startsWith('src/jobs/'),
  },
];

/** Test code, exempt from the rules. */
export function isExempt(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || /^(src\/testing|src\/e2e|bench)\//.test(file);
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

/** Every runtime import of each production file (or of `files`) checked against RULES. */
export function checkBoundaries(root: string, files: string[] = productionFiles(root)): Violation[] {
  const transpiler = new Bun.Transpiler({ loader: 'tsx' });
  const violations: Violation[] = [];
  for (const file of files) {
    if (isExempt(file)) continue;
    const rules = RULES.filter((r) => file.startsWith(r.from));
    if (rules.length === 0) continue;
    for (const { path: spec } of transpiler.scanImports(readFileSync(join(root, file), 'utf8'))) {
      const target = ourTarget(root, file, spec);
      for (const rule of rules) {
        const broken = target === null ? rule.noBuiltins === true && isBuiltinSpecifier(spec) : !rule.allows(target);
        if (broken) violations.push({ file, import: spec, rule: rule.rule });
      }
    }
  }
  return violations;
}

export function formatViolation(v: Violation): string {
  return `${v.file}: imports "${v.import}" — ${v.rule}`;
}

if (import.meta.main) {
  const root = resolve(import.meta.dir, '../..');
  const violations = checkBoundaries(root);
  for (const v of violations) console.error(formatViolation(v));
  console.log(violations.length === 0 ? 'Import boundaries hold.' : `${violations.length} import boundary violation(s).`);
  process.exit(violations.length === 0 ? 0 : 1);
}
