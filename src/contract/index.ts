/** The Mail WS contract as data: services, operations, types, codes, rules and the ID syntax. */
export * from './enums';
export * from './report-values';
export * from './structures';
export * from './services';
export * from './types';
export * from './model';
export * from './codes';
export * from './rules';
export * from './settings';
export * from './ids';
export * from './wsdl';
export * from './samples';
export * from './xml';
export * from './endpoint';
export * from './xml-reader';
export * from './codec';
export * from './result-reader';
export * from './bindings';
export * from './checks';
export * from './recipient';
export * from './address-line';
// Where a front matter is and its keys, but not its reader (./front-matter): that loads the YAML
// parser, which the extension, importing this index, must not bundle. Import it by its file.
export * from './front-matter-fence';
export * from './front-matter-keys';
export * from './csv';
export * from './csv-rows';
export * from './merge-data';
export * from './csv-encoding';
export * from './answer-limits';
export * from './paper';
