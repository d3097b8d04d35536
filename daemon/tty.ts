// Daemon: output that survives a closed reader. A write to a stdout whose reader went away
// (EPIPE) must never kill the supervisor between journaling a verdict and acting on it; after
// the first such error, output is dropped and the supervisor goes on.

let gone = false;
process.stdout.on("error", () => {
  gone = true;
});
process.stderr.on("error", () => {
  // nowhere left to report it
});

export function out(text: string): void {
  if (!gone) process.stdout.write(text);
}
