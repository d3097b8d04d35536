// Daemon, start-up facts: the effective timeouts (loaded and checked first, through
// runtime/timeouts.ts: a violated relation refuses to start, naming it), the build identity a
// worker is started with and adopted by, and the generated models and wire the daemon asks.

import { join } from "node:path";
import * as control from "../generated/ts/control.js";
import * as launcher from "../generated/ts/launcher.js";
import * as notice from "../generated/ts/notice.js";
import * as orphan from "../generated/ts/orphan.js";
import * as park from "../generated/ts/park.js";
import * as relaunch from "../generated/ts/relaunch.js";
import * as replace from "../generated/ts/replace.js";
import * as revive from "../generated/ts/revive.js";
import * as supervise from "../generated/ts/supervise.js";
import * as timeoutsGen from "../generated/ts/timeouts.js";
import * as controlWire from "../generated/validate/control.mjs";
import * as launcherWire from "../generated/validate/launcher.mjs";
import * as noticeWire from "../generated/validate/notice.mjs";
import * as orphanWire from "../generated/validate/orphan.mjs";
import * as parkWire from "../generated/validate/park.mjs";
import * as relaunchWire from "../generated/validate/relaunch.mjs";
import * as replaceWire from "../generated/validate/replace.mjs";
import * as reviveWire from "../generated/validate/revive.mjs";
import * as superviseWire from "../generated/validate/supervise.mjs";
import * as timeoutsWire from "../generated/validate/timeouts.mjs";
import { type BindableModule, bindInstance, createWire, type GeneratedModel, loadTimeouts, paramsFrom, type Timeouts, TimeoutsError, timeoutsSourceOf, type Wire } from "../runtime/index.js";

export const root = join(import.meta.dirname, "..");

/** Every generated module the daemon asks, by module name (the journal names them so). */
export const models = { control, launcher, notice, orphan, park, relaunch, replace, revive, supervise, timeouts: timeoutsGen } as const;
export type ModuleName = keyof typeof models;

/** The digest of this build's model of `module` (generated `SPEC_DIGEST`): what its decision records name. */
export function digestOf(module: ModuleName): string {
  return models[module].SPEC_DIGEST;
}

/** A parameters record of a module's instance (its parameter names to values). */
export type Params = Readonly<Record<string, number>>;

/** A module's parameters at its defaults; null for a module no parameter reaches. */
export function defaultParams(module: ModuleName): Params | null {
  return (models[module] as BindableModule<GeneratedModel>).DEFAULT_PARAMS ?? null;
}

/** The parameters of `module` in this process: the effective timeouts where the environment sets them, the defaults otherwise. */
export function paramsOf(t: Timeouts, module: ModuleName): Params | null {
  const d = defaultParams(module);
  return d === null ? null : paramsFrom(t, d);
}

/**
 * The registries of `module` bound to `params` (the defaults when null; one instance per distinct
 * record, made once): what every verdict of the daemon, the client and the audit is asked of. A
 * module no parameter reaches is its own registries. Throws a RangeError naming the fault when the
 * values are refused.
 */
export function modelOf(module: ModuleName, params: Params | null): GeneratedModel {
  return bindInstance(models[module] as BindableModule<GeneratedModel> & Partial<GeneratedModel>, params ?? {});
}

/** The precompiled wire validators of every module: no schema is compiled at start. */
const validators = {
  control: controlWire,
  launcher: launcherWire,
  notice: noticeWire,
  orphan: orphanWire,
  park: parkWire,
  relaunch: relaunchWire,
  replace: replaceWire,
  revive: reviveWire,
  supervise: superviseWire,
  timeouts: timeoutsWire,
};

let shared: Wire | null = null;
export function wire(): Wire {
  shared ??= createWire({ validators });
  return shared;
}

/**
 * The effective timeouts of this process; throws TimeoutsError on a violated relation, or when a
 * module's instance refuses them (a value outside a parameter's range), naming the fault.
 */
export function effectiveTimeouts(env: Readonly<Record<string, string | undefined>> = process.env): Timeouts {
  const t = loadTimeouts(timeoutsSourceOf(wire(), "timeouts", timeoutsGen, [supervise, park]), env);
  for (const module of Object.keys(models) as ModuleName[]) {
    try {
      modelOf(module, paramsOf(t, module));
    } catch (e) {
      throw new TimeoutsError(`effective timeouts refused: ${(e as Error).message}`, "", null);
    }
  }
  return t;
}

export interface Build {
  readonly version: string;
  readonly buildId: string;
}

/** This process's build: STATUTE_VERSION and STATUTE_BUILD_ID override it (tests run several builds). */
export function buildOf(env: Readonly<Record<string, string | undefined>> = process.env): Build {
  return { version: env["STATUTE_VERSION"] ?? "0.1.0", buildId: env["STATUTE_BUILD_ID"] ?? "dev" };
}

/** The control protocol this process speaks; STATUTE_PROTOCOL overrides it (tests play a client of another protocol). */
export function protocolOf(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const p = env["STATUTE_PROTOCOL"];
  return p !== undefined && /^\d{1,6}$/.test(p) ? Number(p) : 1;
}

/** A named timeout in ms (all are present once loaded). */
export function ms(t: Timeouts, name: string): number {
  const v = t.values[name];
  if (v === undefined) throw new Error(`no timeout ${name}`);
  return v;
}
