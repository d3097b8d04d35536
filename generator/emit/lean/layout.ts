// Emit stage (Lean): a small Wadler-style pretty printer, so long expressions break at 100
// columns. Lean's parser is column sensitive (application arguments must sit right of the
// saved position, structure fields and match arms line up), so every construct hangs from
// the column where it starts (`align`) rather than from the enclosing indentation.

/** A layout document. Strings never contain newlines; `line` and `hard` make them. */
export type Doc =
  | string
  | { readonly k: "cat"; readonly parts: readonly Doc[] }
  | { readonly k: "line"; readonly flat: string }
  | { readonly k: "hard" }
  | { readonly k: "nest"; readonly by: number; readonly doc: Doc }
  | { readonly k: "align"; readonly doc: Doc }
  | { readonly k: "group"; readonly doc: Doc }
  | { readonly k: "alt"; readonly flat: Doc; readonly broken: Doc };

export const WIDTH = 100;

export function cat(...parts: Doc[]): Doc {
  return { k: "cat", parts };
}
/** A space when its group fits on the line, else a newline at the current indentation. */
export const line: Doc = { k: "line", flat: " " };
/** Nothing when its group fits, else a newline. */
export const softline: Doc = { k: "line", flat: "" };
/** Always a newline; the groups around it break. */
export const hard: Doc = { k: "hard" };
export function nest(by: number, doc: Doc): Doc {
  return { k: "nest", by, doc };
}
/** Indentation of `doc`'s later lines becomes the column where `doc` starts. */
export function align(doc: Doc): Doc {
  return { k: "align", doc };
}
export function group(doc: Doc): Doc {
  return { k: "group", doc };
}
/** `flat` when the enclosing group fits on one line, `broken` otherwise. */
export function alt(flat: Doc, broken: Doc): Doc {
  return { k: "alt", flat, broken };
}
/** Hanging layout: `head` then `body` on the next line indented by `by`, or on one line. */
export function hang(head: Doc, by: number, body: Doc): Doc {
  return align(group(cat(head, nest(by, cat(line, body)))));
}
export function join(docs: readonly Doc[], sep: Doc): Doc {
  const parts: Doc[] = [];
  docs.forEach((d, i) => {
    if (i > 0) parts.push(sep);
    parts.push(d);
  });
  return cat(...parts);
}
/** `(doc)` with later lines aligned just inside the parenthesis. */
export function parens(doc: Doc): Doc {
  return cat("(", align(doc), ")");
}

type Mode = "flat" | "break";
interface Cmd {
  readonly indent: number;
  readonly mode: Mode;
  readonly doc: Doc;
}

/** Whether `next` (then `rest`) fits in `room` columns before the next line break. */
function fits(next: Cmd, rest: readonly Cmd[], room: number): boolean {
  const stack: Cmd[] = [next];
  let restIdx = rest.length;
  let col = 0;
  while (col <= room) {
    let cmd = stack.pop();
    if (!cmd) {
      if (restIdx === 0) return true;
      restIdx -= 1;
      cmd = rest[restIdx];
      if (!cmd) return true;
    }
    const { indent, mode, doc } = cmd;
    if (typeof doc === "string") {
      col += doc.length;
      continue;
    }
    switch (doc.k) {
      case "cat":
        for (let i = doc.parts.length - 1; i >= 0; i--) stack.push({ indent, mode, doc: doc.parts[i] as Doc });
        break;
      case "line":
        if (mode === "break") return true;
        col += doc.flat.length;
        break;
      case "hard":
        return mode === "break";
      case "nest":
      case "align":
      case "group":
        stack.push({ indent, mode, doc: doc.doc });
        break;
      case "alt":
        stack.push({ indent, mode, doc: mode === "flat" ? doc.flat : doc.broken });
        break;
    }
  }
  return false;
}

/** Lay `doc` out starting at column `indent` (the caller has already written the indentation). */
export function render(doc: Doc, indent = 0, width = WIDTH): string {
  const out: string[] = [];
  let col = indent;
  const stack: Cmd[] = [{ indent, mode: "break", doc }];
  for (let cmd = stack.pop(); cmd; cmd = stack.pop()) {
    const { indent: ind, mode, doc: d } = cmd;
    if (typeof d === "string") {
      out.push(d);
      col += d.length;
      continue;
    }
    switch (d.k) {
      case "cat":
        for (let i = d.parts.length - 1; i >= 0; i--) stack.push({ indent: ind, mode, doc: d.parts[i] as Doc });
        break;
      case "line":
      case "hard":
        if (d.k === "line" && mode === "flat") {
          out.push(d.flat);
          col += d.flat.length;
        } else {
          out.push("\n" + " ".repeat(ind));
          col = ind;
        }
        break;
      case "nest":
        stack.push({ indent: ind + d.by, mode, doc: d.doc });
        break;
      case "align":
        stack.push({ indent: col, mode, doc: d.doc });
        break;
      case "group": {
        const flat: Cmd = { indent: ind, mode: "flat", doc: d.doc };
        stack.push(mode === "flat" || fits(flat, stack, width - col) ? flat : { indent: ind, mode: "break", doc: d.doc });
        break;
      }
      case "alt":
        stack.push({ indent: ind, mode, doc: mode === "flat" ? d.flat : d.broken });
        break;
    }
  }
  // Trailing spaces can only come from a newline followed by nothing; strip them.
  return out.join("").replace(/ +\n/g, "\n");
}
