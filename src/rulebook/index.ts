/**
 * The rulebook: the rules both front ends (the command line and the extension) follow, written
 * once beneath them. Each rule returns data and verdicts, never words: the front ends say them in
 * their own words and ask their own questions. It imports the client's modules by file, never
 * `../client` itself, so that the extension's activation does not load the SOAP stack with it.
 */
export * from './admission';
export * from './charges';
export * from './endpoint';
export * from './for-real';
export * from './history';
export * from './money';
export * from './number-runs';
export * from './places';
export * from './print-settings';
export * from './printed-pdf';
export * from './repeats';
export * from './sandbox-control';
export * from './send-guard';
export * from './spending';
