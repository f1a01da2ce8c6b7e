import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/**
 * `local/no-import-cycle`: an import whose file leads back to the importing one, through any chain of
 * static imports and re-exports, type-only ones included (decision 151). import-x/no-cycle skips
 * `import type`, so a cycle held by types alone passed it, and it walked the graph again for every
 * file. Here each file is parsed once per lint run (TypeScript's own parser and module resolution,
 * with the tsconfig nearest to the file: the web's `@/` paths resolve as tsc resolves them), and a
 * search from each import's target looks for the importing file.
 */

const ROOT = new URL('../../', import.meta.url).pathname;

/** the options of the tsconfig.json nearest to a directory (cached per tsconfig) */
const optionsByConfig = new Map();
const configOfDir = new Map();
function compilerOptionsFor(file) {
  const dir = dirname(file);
  let config = configOfDir.get(dir);
  if (config === undefined) {
    config = ts.findConfigFile(dir, ts.sys.fileExists) ?? null;
    configOfDir.set(dir, config);
  }
  if (!config) return { options: { moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true }, cache: undefined };
  let entry = optionsByConfig.get(config);
  if (!entry) {
    const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    const options = parsed?.options ?? {};
    entry = { options, cache: ts.createModuleResolutionCache(dirname(config), (f) => f, options) };
    optionsByConfig.set(config, entry);
  }
  return entry;
}

/** the specifiers of a file's static imports and re-exports */
function specifiersOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out = [];
  for (const s of source.statements) {
    if ((ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
      out.push(s.moduleSpecifier.text);
    }
  }
  return out;
}

function resolveFrom(file, specifier) {
  const { options, cache } = compilerOptionsFor(file);
  const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.endsWith('.d.ts')) return null;
  return resolved.resolvedFileName;
}

/** a file's imported files, cached by path and modification time (a fixture rewritten between runs is read again) */
const edges = new Map();
function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = edges.get(file);
  if (cached && cached.mtime === mtime) return cached.targets;
  const targets = [
    ...new Set(
      specifiersOf(file)
        .map((s) => resolveFrom(file, s))
        .filter(Boolean),
    ),
  ];
  edges.set(file, { mtime, targets });
  return targets;
}

/** the shortest chain of imports from `start` back to `goal`, or null */
function pathBack(start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    for (const next of importsOf(at)) {
      if (next === goal) {
        const chain = [at];
        for (let p = cameFrom.get(at); p !== null; p = cameFrom.get(p)) chain.unshift(p);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports (type-only ones included) whose file leads back to the importing file' },
    schema: [],
    messages: { cycle: 'import cycle: {{chain}} (move what both need to a third file; decision 151)' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!/\.(c|m)?[jt]sx?$/.test(file)) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolveFrom(file, node.source.value);
      if (!target || target === file) return;
      const chain = pathBack(target, file);
      if (chain) {
        const names = [file, ...chain, file].map((f) => relative(join(ROOT), f));
        context.report({ node: node.source, messageId: 'cycle', data: { chain: names.join(' → ') } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export const localPlugin = { rules: { 'no-import-cycle': rule } };
