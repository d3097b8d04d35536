// A generated definition that takes the parameters record is applied to it wherever it is used:
// a decision law's `let v := decideX f` once missed the record (Revive's RevivalVeto laws did not
// elaborate), and no other test elaborates the generated Lean here.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DIR = join(process.cwd(), "generated", "lean", "Statute");

/** Every application of a definition `(p : <M>Params)` first, named with what follows it. */
function misapplied(text: string): string[] {
  const takes = [...text.matchAll(/^def (\w+) \(p : \w+Params\)/gm)].map((m) => m[1] ?? "");
  const bad: string[] = [];
  for (const name of takes) {
    for (const m of text.matchAll(new RegExp(`(?<![\\w.])${name}\\b(?!\\s*\\(p :)\\s*(\\S+)`, "g"))) {
      const arg = m[1] ?? "";
      if (!/^(?:p|\w+Params\.defaults|:=?)\)*$/.test(arg)) bad.push(`${name} ${arg}`);
    }
  }
  return bad;
}

describe("definitions over the parameters are applied to the record", () => {
  it("finds a call that skips the record", () => {
    const text = "def decideX (p : XParams) (f : F) : V := v\ndef a_stmt : Prop :=\n  let v := decideX f\n  v = v\n";
    expect(misapplied(text)).toEqual(["decideX f"]);
    expect(misapplied(text.replace("decideX f", "decideX p f"))).toEqual([]);
  });

  for (const f of readdirSync(DIR).filter((x) => x.endsWith(".lean")).sort()) {
    it(`${f}: every call passes p`, () => {
      expect(misapplied(readFileSync(join(DIR, f), "utf8"))).toEqual([]);
    });
  }
});
