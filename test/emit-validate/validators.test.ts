// The validators target (generated/validate): the committed files are exactly what compiling the
// schemas from scratch gives (so reusing a file whose digests match is sound); a file whose body
// or inputs changed is compiled again, not reused; the generated code imports nothing; and the
// wire answers the same, value for value and fault for fault, with the precompiled validators as
// with ajv compiling the JSON Schemas at run time.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { renderValidators } from "../../generator/emit/validate/index.js";
import { createWire, type Validator } from "../../runtime/wire.js";
import { malformations } from "../runtime/malformed.js";
import { fill } from "../runtime/ir-values.js";
import { program, root, targets, wire } from "../runtime/specs.js";

const dir = join(root, "generated", "validate");
const committed = (path: string): string | undefined => {
  try {
    return readFileSync(join(root, "generated", path), "utf8");
  } catch {
    return undefined;
  }
};

const validators: Record<string, Record<string, Validator>> = {};
for (const m of program.modules) validators[m.name] = (await import(pathToFileURL(join(dir, `${m.name}.mjs`)).href)) as Record<string, Validator>;
const precompiled = createWire({ validators });

describe("validators target", () => {
  it("compiled from scratch, equals the committed files byte for byte", () => {
    const fresh = renderValidators(program);
    expect(fresh.map((f) => f.path).sort()).toEqual(readdirSync(dir).map((f) => `validate/${f}`).sort());
    for (const f of fresh) expect(f.content, f.path).toBe(committed(f.path));
  });

  it("reuses a file only when its digests prove it; an edited one is compiled again", () => {
    const edited = (path: string): string | undefined => {
      const text = committed(path);
      return text === undefined ? undefined : text.replace("let errors = 0;", "let errors = 1;");
    };
    const inputsChanged = (path: string): string | undefined => committed(path)?.replace(/inputs sha256:[0-9a-f]/, "inputs sha256:_");
    expect(edited("validate/supervise.mjs")).not.toBe(committed("validate/supervise.mjs"));
    expect(inputsChanged("validate/supervise.mjs")).not.toBe(committed("validate/supervise.mjs"));
    for (const previous of [edited, inputsChanged]) {
      for (const f of renderValidators(program, previous)) expect(f.content, f.path).toBe(committed(f.path));
    }
  });

  it("imports nothing (no ajv, no node: module)", () => {
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".js"))) {
      const text = readFileSync(join(dir, f), "utf8");
      expect(text, f).not.toMatch(/\brequire\(|^import /m);
    }
  });
});

describe("the wire with precompiled validators", () => {
  for (const m of program.modules) {
    for (const t of targets(m)) {
      it(`${m.name}.${t.name}: the same answer as ajv at run time, on valid and malformed messages`, () => {
        let compared = 0;
        for (const v of t.valid) {
          const base = fill(t.type, v);
          for (const raw of [base, JSON.stringify(base), ...malformations(t, base).map((x) => x.raw)]) {
            expect(precompiled.decode(t.module, t.name, raw)).toEqual(wire.decode(t.module, t.name, raw));
            compared++;
          }
        }
        expect(compared).toBeGreaterThan(0);
      });
    }
  }
});

describe("a wrong validators object is refused with what is wrong", () => {
  it("the files are .mjs with .d.mts beside them, ESM in a CommonJS project too", () => {
    const names = readdirSync(dir);
    expect(names.filter((f) => !f.endsWith(".mjs") && !f.endsWith(".d.mts"))).toEqual([]);
    expect(names).toContain("supervise.d.mts");
  });

  it("a namespace seen through CommonJS interop ({ default: namespace }) is unwrapped", () => {
    const w = createWire({ validators: { supervise: { default: validators["supervise"] } as never } });
    expect(w.decode("supervise", "RestartDecideFacts", '{"in_window":0,"budget":5}').ok).toBe(true);
  });

  it("an object holding no validator is refused at createWire, naming the module and how to pass it", () => {
    expect(() => createWire({ validators: { supervise: {} } })).toThrow(/validators\.supervise is an object with no validator; pass the module's namespace: createWire\(\{ validators: \{ supervise: await import\("\.\/generated\/validate\/supervise\.mjs"\)/);
    expect(() => createWire({ validators: { supervise: { default: "x" } as never } })).toThrow(/an object of default \(no validator function\)/);
  });

  it("a module the wire was not given is named with the ones it was", () => {
    const w = createWire({ validators: { supervise: validators["supervise"] as Record<string, Validator> } });
    const r = w.decode("jobs", "QueueEvent", "{}");
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : r.error.message).toContain("no validators or schema for 'jobs'; given: supervise");
  });
});
