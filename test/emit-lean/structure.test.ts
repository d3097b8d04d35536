// Tests of the Lean emitter: structural properties (lint.ts) over this folder's fixture and the
// interpreter's fixture (lists of records, options, `with`, set_at, nth_or, imported types).

import { program as interpretFixture } from "../interpret/fixture.js";
import { program as leanFixture } from "./fixture.js";
import { checkProgram } from "./lint.js";

checkProgram("emit-lean fixture", leanFixture);
checkProgram("interpreter fixture", interpretFixture);
