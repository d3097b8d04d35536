// Emit stage, Quint target: nondeterministic values of a spec type, for the `run` tests that
// sample a decision law's facts. Each leaf is a `nondet` choice from a small set leaning on the
// boundaries of the module's constants (c - 1, c, c + 1), as generator/arbitrary does for the
// TypeScript tests; compound values are built from their leaves, so no set of records is ever
// enumerated. `quint test --max-samples` says how many samples a run draws.

import type { Program } from "../../ir/module.js";
import type { Type } from "../../ir/types.js";
import { unreachable } from "../../ir/types.js";
import { fieldName, type QuintCtx } from "./context.js";

/** `nondet` lines choosing a value of `type`, and the expression that builds it from them. */
export interface Chosen {
  readonly lines: readonly string[];
  readonly value: string;
}

/** Numbers near every nat constant of the module and the modules it imports. */
export function boundaries(program: Program, module: string): number[] {
  const m = program.modules.find((x) => x.name === module);
  const mods = program.modules.filter((x) => x.name === module || (m?.imports.includes(x.name) ?? false));
  const out = new Set<number>([0, 1, 2]);
  for (const x of mods) {
    for (const c of x.constants) {
      if (typeof c.value !== "number") continue;
      for (const d of [-1, 0, 1]) if (c.value + d >= 0) out.add(c.value + d);
    }
  }
  return [...out].sort((a, b) => a - b);
}

export function choose(ctx: QuintCtx, type: Type, name: string, nums: readonly number[]): Chosen {
  switch (type.kind) {
    case "bool":
      return leaf(name, "Set(false, true)");
    case "nat": {
      if (type.max !== null && type.max - type.min <= 64) return leaf(name, `${type.min}.to(${type.max})`);
      const inRange = nums.filter((n) => n >= type.min && (type.max === null || n <= type.max));
      return leaf(name, `Set(${(inRange.length > 0 ? inRange : [type.min]).join(", ")})`);
    }
    case "int":
      return leaf(name, `Set(${[-2, -1, ...nums].join(", ")})`);
    case "string":
      return leaf(name, 'Set("", "a", "1.0.0")');
    case "option": {
      const inner = choose(ctx, type.of, `${name}_Val`, nums);
      return {
        lines: [...inner.lines, `nondet ${name}_Some = Set(false, true).oneOf()`],
        value: `if (${name}_Some) Some(${inner.value}) else None`,
      };
    }
    case "list": {
      const n = Math.min(type.max, 3);
      const items = Array.from({ length: n }, (_, i) => choose(ctx, type.of, `${name}_${i}`, nums));
      return {
        lines: [...items.flatMap((i) => i.lines), `nondet ${name}_Len = 0.to(${n}).oneOf()`],
        value: `[${items.map((i) => i.value).join(", ")}].slice(0, ${name}_Len)`,
      };
    }
    case "named":
      return named(ctx, type, name, nums);
    default:
      return unreachable(type);
  }
}

function leaf(name: string, set: string): Chosen {
  return { lines: [`nondet ${name} = ${set}.oneOf()`], value: name };
}

function named(ctx: QuintCtx, type: Type & { kind: "named" }, name: string, nums: readonly number[]): Chosen {
  const d = ctx.decl(type.ref);
  switch (d.kind) {
    case "enum":
      return leaf(name, `Set(${d.members.map((m) => ctx.tag(type.ref, m)).join(", ")})`);
    case "record": {
      const fields = d.fields.map((f) => [fieldName(f.name), choose(ctx, f.type, `${name}_${f.name}`, nums)] as const);
      return { lines: fields.flatMap(([, c]) => c.lines), value: `{ ${fields.map(([f, c]) => `${f}: ${c.value}`).join(", ")} }` };
    }
    case "union": {
      const lines: string[] = [`nondet ${name}_Tag = 0.to(${d.variants.length - 1}).oneOf()`];
      const values = d.variants.map((v, i) => {
        const tag = ctx.tag(type.ref, v.name);
        if (v.fields.length === 0) return tag;
        const fields = v.fields.map((f) => [fieldName(f.name), choose(ctx, f.type, `${name}_${i}_${f.name}`, nums)] as const);
        lines.push(...fields.flatMap(([, c]) => c.lines));
        return `${tag}({ ${fields.map(([f, c]) => `${f}: ${c.value}`).join(", ")} })`;
      });
      let chain = values[values.length - 1] ?? "";
      for (let i = values.length - 2; i >= 0; i--) chain = `if (${name}_Tag == ${i}) ${values[i]} else ${chain}`;
      return { lines, value: chain };
    }
    default:
      return unreachable(d);
  }
}
