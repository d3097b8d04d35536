// CLI: import a generated TypeScript module (eval, replay, timeouts run the generated code, not
// the interpreter). Under a TypeScript loader (vitest, tsx in a source checkout) a plain import
// works; the compiled CLI on plain Node falls back to tsx's one-shot `tsImport` for that file
// alone, so tsx is loaded only by the commands that run generated code, and only then.

import { pathToFileURL } from "node:url";

export async function importGenerated(path: string): Promise<unknown> {
  const url = pathToFileURL(path).href;
  try {
    return (await import(url)) as unknown;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ERR_UNKNOWN_FILE_EXTENSION") throw e;
    const { tsImport } = await import("tsx/esm/api");
    return (await tsImport(url, import.meta.url)) as unknown;
  }
}
