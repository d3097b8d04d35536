// Runtime (daemon side): reading a busy record's stamp. A stamp is wall-clock milliseconds since
// the Unix epoch, journaled as a JSON number or as text (plain digits, or an RFC 3339 UTC time
// such as `2026-12-01T01:02:03.456Z`). Anything else (a fraction, a sign, an exponent, a time
// zone other than Z, a day that does not exist, a value past the wire's range) cannot be read:
// the revival veto then gets `stamp_ms: null` and answers Unreadable. Nothing is guessed.

/** The largest stamp the wire carries (the wire bound of spec/timeouts.yaml, about 3 169 years). */
export const STAMP_MAX_MS = 100_000_000_000_000;

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$/;

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function fromText(text: string): number | null {
  if (/^\d{1,15}$/.test(text)) return Number(text);
  const m = RFC3339.exec(text);
  if (m === null) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const millis = m[7] === undefined ? 0 : Number(m[7].padEnd(3, "0"));
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second, millis);
}

/** The stamp in milliseconds, or null when it cannot be read. */
export function readStamp(raw: unknown): number | null {
  const ms = typeof raw === "number" ? raw : typeof raw === "string" ? fromText(raw) : null;
  return ms !== null && Number.isSafeInteger(ms) && ms >= 0 && ms <= STAMP_MAX_MS ? ms : null;
}
