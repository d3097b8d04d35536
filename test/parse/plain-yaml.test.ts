// The fast reader of plain spec YAML (generator/parse/plain-yaml.ts) against the yaml package, its
// reference: on every YAML file of the repository, and on variants of the specs that step
// outside its subset, it either declines (null) or gives the same value and the same node tree
// (kinds, map keys, and each node's start and end) as the yaml package does. Every spec of the
// law book must take the fast path, or `statute list` pays the yaml package again.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../generator/parse/limits.js";
import { fromYaml, type YNode } from "../../generator/parse/nodes.js";
import { parsePlainYaml } from "../../generator/parse/plain-yaml.js";

const root = join(import.meta.dirname, "..", "..");

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? yamlFiles(p) : f.endsWith(".yaml") ? [p] : [];
  });
}

/** The tree as comparable data: kind, start, end, keys; (yaml's third range number is not used by any stage). */
function shape(n: YNode | null): unknown {
  if (n === null) return null;
  const at = n.range === undefined ? null : [n.range[0], n.range[1]];
  switch (n.kind) {
    case "map":
      return { map: at, items: n.items.map((p) => [p.key?.kind === "scalar" ? p.key.value : null, shape(p.key), shape(p.value)]) };
    case "seq":
      return { seq: at, items: n.items.map(shape) };
    default:
      return { [n.kind]: at };
  }
}

/** Same as the yaml package, or declined; returns whether the fast reader took it. */
function agrees(text: string, name: string): boolean {
  const fast = parsePlainYaml(text, LIMITS.yamlDepth);
  if (fast === null) return false;
  const doc = parseDocument(text, { uniqueKeys: true });
  expect(doc.errors, `${name}: the fast reader took a file the yaml package refuses`).toEqual([]);
  expect(fast.value, name).toEqual(doc.toJS());
  expect(shape(fast.root), name).toEqual(shape(fromYaml(doc.contents)));
  return true;
}

const specs = yamlFiles(join(root, "spec"));
const others = yamlFiles(join(root, "fixtures"));

describe("plain YAML reader", () => {
  it("reads every spec of the law book exactly as the yaml package does", () => {
    expect(specs.length).toBeGreaterThan(5);
    for (const f of specs) expect(agrees(readFileSync(f, "utf8"), f), `${f} was declined`).toBe(true);
  });

  it("on every fixture, agrees with the yaml package or declines", () => {
    let taken = 0;
    for (const f of others) if (agrees(readFileSync(f, "utf8"), f)) taken++;
    expect(taken).toBeGreaterThan(0);
  });

  it("on variants of the specs (lines cut, characters changed), agrees or declines", () => {
    const edits: ((t: string, i: number) => string)[] = [
      (t, i) => t.slice(0, i) + t.slice(t.indexOf("\n", i) + 1),
      (t, i) => `${t.slice(0, i)} ${t.slice(i)}`,
      (t, i) => `${t.slice(0, i)}\n${t.slice(i)}`,
      (t, i) => t.slice(0, i) + t.slice(i + 1),
      (t, i) => `${t.slice(0, i)}: x${t.slice(i)}`,
      (t, i) => `${t.slice(0, i)}#${t.slice(i)}`,
      (t, i) => `${t.slice(0, i)}"${t.slice(i)}`,
      (t, i) => `${t.slice(0, i)}- ${t.slice(i)}`,
      (t, i) => `${t.slice(0, i)}, ${t.slice(i)}`,
      (t, i) => `${t.slice(0, i)}|${t.slice(i)}`,
    ];
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    let taken = 0;
    let tried = 0;
    for (const f of specs) {
      const text = readFileSync(f, "utf8");
      for (let k = 0; k < 60; k++) {
        const edit = edits[next(edits.length)] as (t: string, i: number) => string;
        const variant = edit(text, next(text.length));
        tried++;
        if (agrees(variant, `${f} variant ${k}`)) taken++;
      }
    }
    expect(tried).toBeGreaterThan(0);
    expect(taken).toBeGreaterThan(0);
  });

  it("declines what is outside its subset", () => {
    for (const text of ["a: &x 1\nb: *x\n", "a: !!str 1\n", "a: 1.5\n", "a: 0x10\n", "a: 1\na: 2\n", "a: b # note\n", "a:\tb\n", "? a\n: b\n", "--- \na: 1\n", "a: \"x\\ny\"\n", "a: b\n  c\n", "a: 1"]) {
      expect(parsePlainYaml(text, LIMITS.yamlDepth), JSON.stringify(text)).toBeNull();
    }
  });
});
