// `npm run bench`: every benchmark of the project, each reported as ratios against a reference
// measured in the same process or command, with medians of several runs. Never part of `npm test`.

import { benchDaemon } from "./daemon.js";
import { benchExplore } from "./explore.js";
import { benchGen } from "./gen.js";
import { benchImport } from "./import.js";
import { benchQuint } from "./quint.js";
import { benchStep } from "./step.js";
import { benchWire } from "./wire.js";
import { benchWireStart } from "./wire-start.js";

const benches: [string, () => Promise<string>][] = [
  ["cli", benchGen],
  ["import", benchImport],
  ["step", benchStep],
  ["wire", benchWire],
  ["wire start", benchWireStart],
  ["explore", benchExplore],
  ["quint", benchQuint],
  ["daemon", benchDaemon],
];

for (const [name, bench] of benches) {
  process.stdout.write(`## ${name}\n${await bench()}\n\n`);
}
