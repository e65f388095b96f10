// The page's JavaScript as a linter would see it, with Node's own parser and no packages: every
// module under public/js parses as an ES module, every relative import names a module that exists
// and a name it exports, and every imported name is used. A module moved to another folder, or an
// export renamed, fails here instead of in a browser.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../public/js");

function modules(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

// Comments blanked, so that a word in one is no use of a name (template literals stay: their
// substitutions are code).
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|[^:\\])\/\/.*$/gm, "$1");
}

function exportsOf(text) {
  const names = new Set();
  for (const match of text.matchAll(/^export\s+(?:async\s+)?(?:const|let|var|function\*?|class)\s+([A-Za-z_$][\w$]*)/gm)) {
    names.add(match[1]);
  }
  for (const match of text.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of match[1].split(",")) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  return names;
}

function importsOf(text) {
  return [...text.matchAll(/^import\s*\{([^}]*)\}\s*from\s*"([^"]+)";/gm)].map((match) => ({
    names: match[1].split(",").map((part) => part.trim()).filter(Boolean).map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return { imported, local: local ?? imported };
    }),
    from: match[2],
  }));
}

const files = modules(root);

test("the page has modules to check", () => {
  assert.ok(files.length > 20, `${files.length} modules under ${root}`);
});

for (const file of files) {
  const name = relative(root, file);
  test(`${name} parses as an ES module`, () => {
    const checked = spawnSync(process.execPath, ["--input-type=module", "--check"], { input: readFileSync(file) });
    assert.equal(checked.status, 0, checked.stderr.toString());
  });

  test(`${name}: every import exists, is exported and is used`, () => {
    const text = readFileSync(file, "utf8");
    const body = code(text.replace(/^import[^;]*;/gm, ""));
    for (const { names, from } of importsOf(text)) {
      assert.ok(from.startsWith("./") || from.startsWith("../"), `${name} imports ${from}: only the page's own modules`);
      const target = resolve(dirname(file), from);
      assert.ok(existsSync(target), `${name} imports ${from}, which does not exist`);
      const exported = exportsOf(readFileSync(target, "utf8"));
      for (const { imported, local } of names) {
        assert.ok(exported.has(imported), `${name} imports ${imported} from ${from}, which does not export it`);
        assert.ok(new RegExp(`(^|[^\\w$.])${local.replace("$", "\\$")}(?![\\w$])`).test(body), `${name} never uses ${local}`);
      }
    }
  });
}
