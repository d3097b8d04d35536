// Interpreter stage: the positional built-ins (min, max, pow2, list and option helpers).
// Arguments arrive evaluated; none of these built-ins needs laziness.

import type { Builtin } from "../ir/expr.js";
import { unreachable } from "../ir/types.js";
import { pow2 } from "./arith.js";
import { type Value, InterpretError, asList, asNumber } from "./value.js";

function arg(args: readonly Value[], i: number, fn: Builtin): Value {
  if (i >= args.length) throw new InterpretError(`${fn}: missing argument #${i + 1}`);
  return args[i] as Value;
}

/** A count argument (index, length): a nat. */
function natArg(args: readonly Value[], i: number, fn: Builtin): number {
  const n = asNumber(arg(args, i, fn), fn);
  if (n < 0) throw new InterpretError(`${fn}: negative count ${n}`);
  return n;
}

export function evalCall(fn: Builtin, args: readonly Value[]): Value {
  const a = (i: number): Value => arg(args, i, fn);
  switch (fn) {
    case "min":
      return Math.min(asNumber(a(0), fn), asNumber(a(1), fn));
    case "max":
      return Math.max(asNumber(a(0), fn), asNumber(a(1), fn));
    case "pow2":
      return pow2(natArg(args, 0, fn));
    case "len":
      return asList(a(0), fn).length;
    case "append":
      return [...asList(a(0), fn), a(1)];
    case "keep_last": {
      const list = asList(a(0), fn);
      const n = natArg(args, 1, fn);
      // Not `slice(-n)`: with n = 0 that would keep the whole list.
      return list.slice(Math.max(0, list.length - n));
    }
    case "nth_or": {
      const list = asList(a(0), fn);
      const i = natArg(args, 1, fn);
      return i < list.length ? (list[i] as Value) : a(2);
    }
    case "set_at": {
      const list = asList(a(0), fn);
      const i = natArg(args, 1, fn);
      return list.map((x, j) => (j === i ? a(2) : x));
    }
    case "repeat":
      return Array.from({ length: natArg(args, 0, fn) }, () => a(1));
    case "is_some":
      return a(0) !== null;
    case "is_none":
      return a(0) === null;
    case "get_or":
      return a(0) !== null ? a(0) : a(1);
    case "some":
      return a(0);
    default:
      return unreachable(fn);
  }
}
