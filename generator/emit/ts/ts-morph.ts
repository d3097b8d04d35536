// Emit stage (TypeScript): ts-morph's values, loaded with `require`. Imported as an ES module,
// Node first scans ts-morph's CommonJS source for its export names (cjs-module-lexer), about a
// quarter of a second per `statute gen`; required, it is only compiled. Types come from the
// package as usual (`import type ... from "ts-morph"`).

import { createRequire } from "node:module";
import type * as TsMorph from "ts-morph";

const tsMorph = createRequire(import.meta.url)("ts-morph") as typeof TsMorph;

export const { IndentationText, NewLineKind, Project, QuoteKind, StructureKind, VariableDeclarationKind } = tsMorph;
export type Project = TsMorph.Project;
