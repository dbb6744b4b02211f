/** The Mail WS contract as data: services, operations, types, codes, rules and the ID syntax. */
export * from './enums';
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
export * from './bindings';
export * from './checks';
