// `npm run bench`: every benchmark of the project, each reported as ratios against a reference
// measured in the same process or command, with medians of several runs. Never part of `npm test`.

import { benchExplore } from "./explore.js";
import { benchGen } from "./gen.js";
import { benchStep } from "./step.js";
import { benchWire } from "./wire.js";

const benches: [string, () => Promise<string>][] = [
  ["gen", benchGen],
  ["step", benchStep],
  ["wire", benchWire],
  ["explore", benchExplore],
];

for (const [name, bench] of benches) {
  process.stdout.write(`## ${name}\n${await bench()}\n\n`);
}
