// Diff stage: the wire. For each message type (every named type of a module: records, unions,
// enums, machine states and events, decision facts) whether every value one release writes
// decodes in the other, structurally over the IR types: a reader refuses a field it does not
// know and a missing one (records carry every field, no others), an unknown variant or member,
// a number outside its range, a longer list. Old-written values must decode in the new build
// (journal records, states, verdicts, outputs); for the types a module lists under
// `read_by_older` (what a newer client sends an older daemon) the other direction too.

import type { Module, Program } from "../ir/module.js";
import { type Field, type Type, type TypeDecl, unreachable } from "../ir/types.js";
import { showType } from "../expr/type-util.js";
import { wireMax } from "../emit/schema/json.js";
import { migrationRecord } from "./values.js";

/** One release's program and one of its modules. */
export interface Side {
  readonly program: Program;
  readonly module: Module;
}

/** A change found at a path (`Verdict.Restart.pause_ms`); the path is the id `breaking:` names. */
export interface Finding {
  readonly id: string;
  readonly detail: string;
}

/** Which way a value travels: written by the old release and read by the new, or the reverse. */
export type Direction = "old->new" | "new->old";

export interface WireEntry {
  /** The type's name. */
  readonly type: string;
  /** `added` and `removed` types have no findings; `changed` has some, `unchanged` none. */
  readonly status: "added" | "removed" | "changed" | "unchanged";
  /** The directions that must decode (old->new always; new->old for `read_by_older` types). */
  readonly directions: readonly Direction[];
  /** What a reader in a direction that must decode refuses: breaking unless declared. */
  readonly breaking: readonly Finding[];
  /** Every other difference (a reader in a direction that need not decode refuses it, or nothing refuses it). */
  readonly changes: readonly Finding[];
}

interface Ctx {
  readonly writer: Side;
  readonly reader: Side;
  readonly dir: Direction;
  readonly out: Finding[];
}

/** What the writer has and the reader lacks, in the direction's words. */
const lacks = (dir: Direction, what: string): string => (dir === "old->new" ? `${what} removed` : `${what} added (an old reader refuses it)`);
/** What the reader requires and the writer never sends. */
const requires = (dir: Direction, what: string): string => (dir === "old->new" ? `required ${what} added (an old value lacks it)` : `${what} removed (an old reader requires it)`);

function upper(t: Type & { kind: "nat" }, side: Side): number {
  return t.max ?? wireMax(side.program, side.module);
}

/** Reasons a value of `a` (written by `cx.writer`) may not decode as `b` (read by `cx.reader`). */
function readType(cx: Ctx, a: Type, b: Type, path: string): void {
  const changed = (): void => void cx.out.push({ id: path, detail: `type ${showType(cx.dir === "old->new" ? a : b)} -> ${showType(cx.dir === "old->new" ? b : a)}` });
  if (b.kind === "option" && a.kind !== "option") return readType(cx, a, b.of, path);
  switch (a.kind) {
    case "bool":
    case "string":
      if (b.kind !== a.kind) changed();
      return;
    case "int":
      if (b.kind !== "int") changed();
      return;
    case "nat": {
      if (b.kind === "int") return;
      if (b.kind !== "nat") return changed();
      if (a.unit !== b.unit) return changed();
      if (a.min < b.min || upper(a, cx.writer) > upper(b, cx.reader)) {
        const [o, n] = cx.dir === "old->new" ? [a, b] : [b, a];
        cx.out.push({ id: path, detail: `range ${showType(o)} -> ${showType(n)} (${cx.dir === "old->new" ? "narrowed: an old value may not fit" : "widened: an old reader refuses the new values"})` });
      }
      return;
    }
    case "option":
      if (b.kind !== "option") return void cx.out.push({ id: path, detail: cx.dir === "old->new" ? `option<${showType(a.of)}> -> ${showType(b)}: an old none no longer decodes` : `${showType(a.of)} -> option<...>: an old reader refuses none` });
      return readType(cx, a.of, b.of, path);
    case "list":
      if (b.kind !== "list") return changed();
      if (a.max > b.max) cx.out.push({ id: path, detail: `list bound max ${cx.dir === "old->new" ? `${a.max} -> max ${b.max} (narrowed)` : `${b.max} -> max ${a.max} (an old reader refuses the longer lists)`}` });
      return readType(cx, a.of, b.of, `${path}[]`);
    case "named":
      // A named type is compared where it is declared (it is a message type of its own).
      if (b.kind !== "named" || b.ref.name !== a.ref.name || b.ref.module !== a.ref.module) changed();
      return;
    default:
      return unreachable(a);
  }
}

function readFields(cx: Ctx, a: readonly Field[], b: readonly Field[], path: string): void {
  const gone = a.filter((f) => !b.some((g) => g.name === f.name));
  const fresh = b.filter((f) => !a.some((g) => g.name === f.name));
  // One field out and one in, of one type: a rename (the wire still refuses it).
  if (gone.length === 1 && fresh.length === 1 && showType((gone[0] as Field).type) === showType((fresh[0] as Field).type)) {
    const [o, n] = cx.dir === "old->new" ? [gone[0] as Field, fresh[0] as Field] : [fresh[0] as Field, gone[0] as Field];
    cx.out.push({ id: `${path}.${o.name}`, detail: `field ${o.name} renamed to ${n.name}` });
  } else {
    for (const f of gone) cx.out.push({ id: `${path}.${f.name}`, detail: lacks(cx.dir, `field ${f.name}`) });
    for (const f of fresh) cx.out.push({ id: `${path}.${f.name}`, detail: requires(cx.dir, `field ${f.name}: ${showType(f.type)}`) });
  }
  for (const f of a) {
    const g = b.find((x) => x.name === f.name);
    if (g) readType(cx, f.type, g.type, `${path}.${f.name}`);
  }
}

function readDecl(cx: Ctx, a: TypeDecl, b: TypeDecl): void {
  const path = a.name;
  if (a.kind !== b.kind) return void cx.out.push({ id: path, detail: `a ${cx.dir === "old->new" ? a.kind : b.kind} became a ${cx.dir === "old->new" ? b.kind : a.kind}` });
  switch (a.kind) {
    case "enum":
      for (const m of a.members) if (!(b as typeof a).members.includes(m)) cx.out.push({ id: `${path}.${m}`, detail: lacks(cx.dir, `member ${m}`) });
      return;
    case "record":
      return readFields(cx, a.fields, (b as typeof a).fields, path);
    case "union":
      for (const v of a.variants) {
        const w = (b as typeof a).variants.find((x) => x.name === v.name);
        if (w === undefined) cx.out.push({ id: `${path}.${v.name}`, detail: lacks(cx.dir, `variant ${v.name}`) });
        else readFields(cx, v.fields, w.fields, `${path}.${v.name}`);
      }
      return;
    default:
      return unreachable(a);
  }
}

/** What a reader of `reader`'s `b` refuses of `writer`'s `a`. */
export function unreadable(writer: Side, a: TypeDecl, reader: Side, b: TypeDecl, dir: Direction): Finding[] {
  const out: Finding[] = [];
  readDecl({ writer, reader, dir, out }, a, b);
  return out;
}

function refsOf(t: Type): { module: string; name: string }[] {
  switch (t.kind) {
    case "named":
      return [t.ref];
    case "option":
    case "list":
      return refsOf(t.of);
    default:
      return [];
  }
}

/**
 * The types (`module.Type`) both directions must decode: those the new modules list under
 * `read_by_older` (`*`: all of a module's), and every type their fields name, across modules.
 */
export function twoWay(now: Program): Set<string> {
  const out = new Set<string>();
  const visit = (module: string, name: string): void => {
    const key = `${module}.${name}`;
    const d = now.modules.find((m) => m.name === module)?.types.find((x) => x.name === name);
    if (d === undefined || out.has(key)) return;
    out.add(key);
    const fields = d.kind === "record" ? d.fields : d.kind === "union" ? d.variants.flatMap((v) => v.fields) : [];
    for (const f of fields) for (const r of refsOf(f.type)) visit(r.module, r.name);
  };
  for (const m of now.modules) for (const d of m.types) if (m.readByOlder.includes("*") || m.readByOlder.includes(d.name)) visit(m.name, d.name);
  return out;
}

/** Every message type of one module, old against new, in the new module's order (then the removed ones). */
export function diffWire(old: Side, now: Side, both: ReadonlySet<string> = twoWay(now.program)): WireEntry[] {
  const out: WireEntry[] = [];
  for (const b of now.module.types) {
    const a = old.module.types.find((d) => d.name === b.name);
    const directions: Direction[] = both.has(`${now.module.name}.${b.name}`) ? ["old->new", "new->old"] : ["old->new"];
    if (a === undefined) {
      out.push({ type: b.name, status: "added", directions, breaking: [], changes: [] });
      continue;
    }
    // An old state is read through the new machine's migration when it declares one.
    const migration = now.module.machines.find((m) => m.state.name === b.name)?.migrate;
    const readAs: TypeDecl = migration ? { ...migrationRecord(migration), name: b.name } : b;
    const forward = unreadable(old, a, now, readAs, "old->new");
    const backward = unreadable(now, b, old, a, "new->old");
    const must = directions.includes("new->old") ? [...forward, ...backward] : forward;
    const rest = directions.includes("new->old") ? [] : backward;
    const via: Finding[] = migration ? [{ id: b.name, detail: `an old state is read as ${b.name}.from and migrated (machines.${b.name.replace(/State$/, "")}.migrate)` }] : [];
    out.push({ type: b.name, status: forward.length + backward.length === 0 ? "unchanged" : "changed", directions, breaking: must, changes: [...via, ...rest] });
  }
  for (const a of old.module.types) {
    if (!now.module.types.some((d) => d.name === a.name)) out.push({ type: a.name, status: "removed", directions: ["old->new"], breaking: [{ id: a.name, detail: "type removed: what the old release wrote of it no longer decodes" }], changes: [] });
  }
  return out;
}
