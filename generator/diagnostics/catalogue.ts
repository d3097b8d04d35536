// Diagnostics: the one catalogue of every message the generator can print, with stable codes.
// Codes never change meaning; a retired code is not reused. Ranges: 1xxx YAML and files,
// 2xxx meta-schema, 3xxx names, 4xxx expressions and types, 5xxx machines and decisions,
// 6xxx constants and laws, 7xxx examples and exploration.

export interface DiagnosticDef {
  /** Stable code, printed as `STA<code>`. */
  readonly code: number;
  /** Message template; `{name}` placeholders are filled from the diagnostic's args. */
  readonly message: string;
  /** What to do about it; may use the same placeholders. */
  readonly hint: string;
}

export const catalogue = {
  yamlSyntax: { code: 1001, message: "YAML syntax error: {detail}", hint: "fix the YAML; indentation and quoting are the usual causes" },
  fileRead: { code: 1002, message: "cannot read {path}: {detail}", hint: "check that the file exists and is readable" },
  moduleName: { code: 1003, message: "module is named '{name}' but the file is '{file}'", hint: "name the module after its file: module: {file}" },
  fileTooLarge: { code: 1005, message: "the file has {size} characters; a spec file may have at most {limit}", hint: "split it into modules that import each other" },
  yamlTooDeep: { code: 1006, message: "YAML nests deeper than {limit} levels here", hint: "a spec needs a few levels only; flatten the structure" },
  yamlCompose: { code: 1007, message: "YAML cannot be read: {detail}", hint: "{hint}" },
  schemaHeader: { code: 1004, message: "the first line is not the yaml-language-server schema comment", hint: "start the file with: # yaml-language-server: $schema=../node_modules/statute/generator/spec.schema.json (in statute's own repository: ../generator/spec.schema.json)" },

  unknownKey: { code: 2001, message: "unknown key '{key}'", hint: "{didYouMean}" },
  wrongType: { code: 2002, message: "{where} must be {expected}", hint: "see the meta-schema for this key: statute/generator/spec.schema.json (node_modules/statute/generator/spec.schema.json in a project)" },
  missingKey: { code: 2003, message: "missing required key '{key}'", hint: "add '{key}:' here" },
  badValue: { code: 2004, message: "{where}: {detail}", hint: "see the meta-schema for this key: statute/generator/spec.schema.json (node_modules/statute/generator/spec.schema.json in a project)" },
  oneOf: { code: 2005, message: "{where} must have exactly one of {keys}", hint: "keep one of {keys}" },

  unknownName: { code: 3001, message: "unknown {what} '{name}'", hint: "{didYouMean}" },
  duplicateName: { code: 3002, message: "duplicate {what} '{name}' (first declared on line {line})", hint: "rename one of them" },
  importCycle: { code: 3003, message: "import cycle: {cycle}", hint: "move the shared declarations into a module both can import" },
  unknownModule: { code: 3004, message: "unknown module '{name}'", hint: "{didYouMean}" },
  notExported: { code: 3005, message: "module '{module}' has no constant, type or decision '{name}'", hint: "{didYouMean}" },
  reservedName: { code: 3007, message: "field '{name}' is reserved: the wire and TypeScript carry a union's tag in 'kind'", hint: "rename the field, e.g. {example}" },
  badName: { code: 3006, message: "{what} '{name}' is not {style}", hint: "write it as {style}, e.g. {example}" },

  exprSyntax: { code: 4001, message: "{detail}", hint: "{hint}" },
  typeMismatch: { code: 4002, message: "expected {expected}, found {found}", hint: "{hint}" },
  unitMismatch: { code: 4003, message: "unit mismatch: {left} {op} {right}", hint: "convert both sides to one unit; write 0ms rather than 0 for a duration" },
  notAField: { code: 4004, message: "{type} has no field '{field}'", hint: "{didYouMean}" },
  badCall: { code: 4005, message: "{fn} {detail}", hint: "{hint}" },
  listBound: { code: 4006, message: "a list of up to {found} elements does not fit {expected}", hint: "bound it with keep_last(l, N) or raise the max of the type" },
  notExhaustive: { code: 4007, message: "match is not exhaustive: missing {missing}", hint: "add an arm for each missing variant or a final '_ => ...' arm" },
  unknownVariant: { code: 4008, message: "{type} has no variant '{name}'", hint: "{didYouMean}" },
  missingField: { code: 4009, message: "{type} literal is missing field '{field}'", hint: "give every field a value" },
  notConstant: { code: 4010, message: "{what} must be a constant expression", hint: "use literals and constants only" },
  exprLimit: { code: 4012, message: "{detail} (the limit is {limit})", hint: "name parts of it with let, or move them into constants" },
  unsafeInteger: { code: 4013, message: "{what} is {value}, past 2^53 - 1, the largest integer TypeScript computes exactly", hint: "keep constants and every intermediate result of a constant expression below 2^53" },
  badType: { code: 4011, message: "cannot read type '{text}': {detail}", hint: "types are bool, nat, ms, int, string, nat A..B, option<T>, list<T> max N or a type name" },

  stuckMachine: { code: 5001, message: "handler {machine}.{event} may get stuck: every branch has a guard", hint: "drop the 'when' of the last branch so that some branch always fires" },
  neverFires: { code: 5002, message: "rule '{rule}' can never fire: {why}", hint: "remove it, or move it before the rule that shadows it" },
  missingHandler: { code: 5003, message: "machine {machine} has no handler for event {event}", hint: "add 'on: {event}:' with at least one branch" },
  otherwiseMissing: { code: 5004, message: "decision {decision} does not end with an 'otherwise' rule", hint: "add a final rule: - { id: otherwise, otherwise: <verdict> }" },
  otherwiseNotLast: { code: 5005, message: "'otherwise' in {decision} is not the last rule", hint: "move it to the end; rules after it never fire" },
  unknownStateField: { code: 5006, message: "{machine} has no state field '{field}'", hint: "{didYouMean}" },

  orderViolated: { code: 6001, message: "order law '{law}' is violated: {left} = {lvalue} but {right} = {rvalue}", hint: "change the constants so that {text} holds" },
  constantCycle: { code: 6002, message: "constant {name} is defined in terms of itself: {cycle}", hint: "derive constants from base values only" },
  constantValue: { code: 6003, message: "constant {name}: {detail}", hint: "{hint}" },
  badAttribute: { code: 6004, message: "{where}: {detail}", hint: "{hint}" },
  unreadParam: { code: 6005, message: "parameter {name} is read by no step, decision or law (directly or through a derived constant)", hint: "a parameter nothing reads changes no verdict: read it where it applies, or make it a plain constant (drop 'param')" },

  exampleLength: { code: 7001, message: "example '{name}' has {events} events but {outputs} outputs", hint: "give one expected output per event" },
  exploreDomain: { code: 7002, message: "explore {machine}: {detail}", hint: "{hint}" },
  exampleFails: { code: 7003, message: "example '{name}' does not hold: {detail}", hint: "the model answers otherwise: fix the expected value, or the rule that answers it" },
} as const satisfies Record<string, DiagnosticDef>;

export type DiagnosticId = keyof typeof catalogue;
