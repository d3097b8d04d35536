// Rendered text (`++`) through every layer, on a small spec written here: the interpreter (the
// oracle), the TypeScript emitted and run, the Lean text, Quint leaving it out with a comment,
// the compiled explorer against the interpreter, and the mutation operators on text.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileSpecs } from "../../generator/check/index.js";
import { literal, P } from "../../generator/emit/lean/expr.js";
import { emitLean } from "../../generator/emit/lean/index.js";
import { render } from "../../generator/emit/lean/layout.js";
import { emitQuint } from "../../generator/emit/quint/index.js";
import { emitTs } from "../../generator/emit/ts/index.js";
import { candidateEvents, compileMachine, exploreMachine, type StepOut } from "../../generator/explore/index.js";
import { checkLaw, decide, stepMachine, type Value } from "../../generator/interpret/index.js";
import type { Program } from "../../generator/ir/module.js";
import { mutants } from "../../generator/mutate/operators.js";
import { loadEmitted, removeScratch, typeErrors } from "../emit-ts/harness.js";

const SPEC = `# yaml-language-server: $schema=../generator/spec.schema.json
module: greet
doc: Rendered text through every layer.
types:
  Mood: { doc: a mood, enum: [Glad, Sad] }
decisions:
  Greeting:
    doc: a greeting for someone
    facts: { mood: Mood, name: string }
    verdict: string
    let: { who: '"dear " ++ f.name' }
    rules:
      - { id: glad, when: f.mood is Glad, then: '"hello, " ++ who ++ "!"' }
      - { id: sad, otherwise: '"bye, " ++ who' }
machines:
  Log:
    doc: the last greeting
    state: { last: { type: string, init: '""' } }
    events: { Greet: { doc: greet someone, fields: { mood: Mood, name: string } } }
    output: string
    on:
      Greet:
        branches:
          - id: greet
            set: { last: 'Greeting(GreetingFacts { mood: e.mood, name: e.name })' }
            emit: 'Greeting(GreetingFacts { mood: e.mood, name: e.name }) ++ "."'
laws:
  greeting_names:
    doc: the greeting names its addressee
    decision: { decision: Greeting, holds: 'v == (if f.mood is Glad then "hello, dear " ++ f.name ++ "!" else "bye, dear " ++ f.name)' }
  log_ends_with_a_stop:
    doc: the output is the greeting kept, with a full stop
    step: { machine: Log, holds: 'o == n.last ++ "."' }
explore:
  Log:
    depth: 2
    events:
      Greet: { mood: [Glad, Sad], name: ['"ann"', '""'] }
`;

const dir = mkdtempSync(join(tmpdir(), "statute-text-"));
mkdirSync(join(dir, "spec"));
writeFileSync(join(dir, "spec", "greet.yaml"), SPEC);
const compiled = compileSpecs(dir, ["spec/greet.yaml"]);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  removeScratch();
});
if (!compiled.ok) throw new Error(`the text spec does not compile: ${JSON.stringify(compiled.diagnostics.slice(0, 2))}`);
const prog: Program = compiled.program;
const module = prog.modules[0]!;
const greeting = { module: "greet", name: "Greeting" };
const log = { module: "greet", name: "Log" };

describe("the interpreter renders text", () => {
  it("joins the pieces in order, the lets included", () => {
    expect(decide(prog, greeting, { mood: "Glad", name: "ann" })).toEqual({ verdict: "hello, dear ann!", rule: "Greeting.glad" });
    expect(decide(prog, greeting, { mood: "Sad", name: "" }).verdict).toBe("bye, dear ");
  });

  it("in a machine, through a decision it applies, and judges the laws", () => {
    const r = stepMachine(prog, log, { last: "" }, { kind: "Greet", mood: "Sad", name: "bo" });
    expect(r).toMatchObject({ state: { last: "bye, dear bo" }, output: "bye, dear bo." });
    for (const law of module.laws) {
      const ok = law.body.kind === "decision"
        ? checkLaw(prog, law, { f: { mood: "Glad", name: "x" }, v: "hello, dear x!" })
        : checkLaw(prog, law, { s: { last: "" }, e: { kind: "Greet", mood: "Sad", name: "bo" }, n: r.state, o: r.output });
      expect(ok, law.name).toBe(true);
    }
  });
});

describe("TypeScript", () => {
  const files = emitTs(prog, {});
  const ts = files.find((f) => f.path === "ts/greet.ts")?.content ?? "";

  it("joins with + and type-checks under the strict options", () => {
    expect(ts).toContain('const who: string = "dear " + f.name;');
    expect(ts).toContain('"hello, " + who + "!"');
    expect(typeErrors(files)).toEqual([]);
  });

  it("gives the interpreter's text", async () => {
    const m = (await loadEmitted(files, "greet")) as Record<string, (...a: unknown[]) => { verdict?: Value; state?: Value; output?: Value }>;
    for (const facts of [{ mood: "Glad", name: "ann" }, { mood: "Sad", name: "" }, { mood: "Glad", name: 'a "quoted" \\ name' }]) {
      expect(m["decideGreeting"]?.(facts)).toEqual(decide(prog, greeting, facts));
    }
    const e = { kind: "Greet", mood: "Glad", name: "cy" };
    expect(m["stepLog"]?.({ last: "" }, e)).toEqual(stepMachine(prog, log, { last: "" }, e));
  });
});

describe("Lean", () => {
  const lean = emitLean(prog, {}).map((f) => f.content).join("\n");

  it("spells spec strings as List Char, after a comment with their text, joined by ++", () => {
    expect(lean).toContain(`let who := /- "dear " -/ ['d', 'e', 'a', 'r', ' '] ++ f.name`);
    expect(lean).toContain(`/- "hello, " -/ ['h', 'e', 'l', 'l', 'o', ',', ' '] ++ who ++ /- "!" -/ ['!']`);
    expect(lean).toContain("def decideGreeting (f : GreetingFacts) : List Char :=");
    expect(lean).toContain("{ last := [] }");
    expect(lean).toContain("decide (v =");
  });
});

/** The characters of the Lean Char literals in `out`, decoded. */
function charsOf(out: string): string {
  const esc: Record<string, string> = { n: "\n", t: "\t", "'": "'", "\\": "\\" };
  return [...out.matchAll(/'((?:\\x[0-9a-f]{2})|(?:\\.)|[^'\\])'/gu)]
    .map((m) => {
      const c = m[1]!;
      if (c.startsWith("\\x")) return String.fromCodePoint(parseInt(c.slice(2), 16));
      if (c.startsWith("\\")) return esc[c.slice(1)] ?? "?";
      return c;
    })
    .join("");
}

describe("Lean string literals", () => {
  it("a long one is a commented block of rows within 100 columns that spells the same text", () => {
    const text = `this eukhe (v1.2.3) is older than the running daemon (v1.3.0): update or run eukhe shutdown ${"x".repeat(70)} 'q' \\ \t é`;
    const t = literal(text, false);
    const out = render(t.doc, 4);
    expect(t.prec).toBe(P.max);
    for (const l of out.split("\n")) expect([...l].length + 4).toBeLessThanOrEqual(100);
    const [comment, list] = [out.slice(0, out.indexOf("-/") + 2), out.slice(out.indexOf("-/") + 2)];
    expect(list.trim().startsWith("[")).toBe(true);
    expect(list.trim().endsWith("]")).toBe(true);
    expect(list.split("\n").length).toBeGreaterThan(2);
    expect(charsOf(list)).toBe(text);
    const quoted = [...comment.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(quoted.join("")).toBe(text);
    expect(literal("short", false)).toEqual({ doc: `/- "short" -/ ['s', 'h', 'o', 'r', 't']`, prec: P.max });
    expect(literal("", false)).toEqual({ doc: "[]", prec: P.max });
  });
});

describe("Quint", () => {
  const quint = emitQuint(prog, {}).find((f) => f.path === "quint/greet.qnt")?.content ?? "";

  it("leaves out what renders text, with a comment in its place, and never prints ++", () => {
    expect(quint).toContain("// decision Greeting: left out; it renders text with ++");
    expect(quint).toContain("// machine Log: left out;");
    expect(quint).toContain("// greeting_names: left out;");
    expect(quint).toContain("// log_ends_with_a_stop: left out;");
    expect(quint.split("\n").filter((l) => !l.trim().startsWith("//") && l.includes("++"))).toEqual([]);
    expect(quint).not.toContain("module greet_Log");
    expect(quint).toContain("type Mood");
  });
});

describe("the compiled explorer", () => {
  it("agrees with the interpreter on every reachable state and candidate event", () => {
    const x = module.explore[0]!;
    const cm = compileMachine(prog, x);
    const states: Value[] = [];
    exploreMachine(prog, x, { engine: "interpret", onState: (s) => void states.push(s) });
    expect(states.length).toBeGreaterThan(2);
    let steps = 0;
    for (const s of states) {
      for (const e of candidateEvents(prog, x, s)) {
        const want = stepMachine(prog, x.machine, s, e);
        const out: StepOut = { output: null, rule: -1 };
        expect(cm.step(s, e, out)).toEqual(want.state);
        expect({ output: out.output, rule: cm.rules[out.rule] }).toEqual({ output: want.output, rule: want.rule });
        expect(cm.stepLaw(s, e, want.state, want.output)).toBe(-1);
        steps++;
      }
    }
    expect(steps).toBeGreaterThan(4);
  });
});

describe("mutation operators on text", () => {
  const ids = mutants(prog, module).map((m) => m.id);

  it("drop either side of ++ and never empty a literal that a drop already removes", () => {
    expect(ids).toContain('Greeting:let who:drop "dear "');
    expect(ids).toContain("Greeting:let who:drop f.name");
    expect(ids).toContain('Greeting.glad:then:drop "hello, " ++ who');
    expect(ids).toContain('Greeting.glad:then:drop "!"');
    expect(ids).toContain('Greeting.glad:then:drop "hello, "');
    expect(ids).toContain("Greeting.glad:then:drop who");
    expect(ids.filter((i) => i.includes('->""'))).toEqual([]);
  });
});
