// The package's commands start here: in a source checkout (the TypeScript beside this folder)
// through tsx's loader, with the package's own `statute/...` imports (those of generated code)
// resolved to the sources by the "statute-source" condition, so an edit is live without a build;
// installed, the compiled module in dist/ on plain Node, and tsx is never loaded.
import { existsSync } from "node:fs";

/** Runs `<module>.ts` of the checkout, or `dist/<module>.js` of the package. */
export async function run(module) {
  const source = new URL(`../${module}.ts`, import.meta.url);
  if (!existsSync(source)) {
    await import(new URL(`../dist/${module}.js`, import.meta.url).href);
    return;
  }
  const { register } = await import("node:module");
  const { register: registerTsx } = await import("tsx/esm/api");
  registerTsx();
  const hook = 'export function resolve(s, c, next) { return next(s, { ...c, conditions: [...c.conditions, "statute-source"] }); }';
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
  await import(source.href);
}
