/**
 * The environment an engine's program starts with: the caller's, less what was preloaded into the
 * calling program (LD_PRELOAD, DYLD_INSERT_LIBRARIES) and set for it (faketime's FAKETIME…). A
 * browser or LibreOffice draws pages, which no such library is meant for: a clock library moved
 * ahead under a many-threaded browser makes it crawl or hang.
 */
const NOT_THEIRS = /^(LD_PRELOAD|DYLD_INSERT_LIBRARIES|FAKETIME.*|DONT_FAKE_MONOTONIC)$/;

export function engineEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !NOT_THEIRS.test(name)));
}
