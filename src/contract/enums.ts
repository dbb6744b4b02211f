/**
 * The contract's enumerations, as its "Shared enumerations" table lists them.
 * Each becomes an `s:simpleType` restriction of `s:string` in the WSDL.
 */
export const enums = {
  WorkMode: ['Default', 'Production', 'Development'],
  ImageSideScaling: ['Default', 'FitToPage', 'None'],
  PrintColor: ['Default', 'Black', 'FullColor'],
  PostcardSize: ['Default', 'Postcard_4_25X6'],
  MailingPriority: ['Default', 'FirstClass'],
  Permissions: ['Account', 'User'],
  StampingLocation: ['Top', 'Bottom'],
  Perforation: ['BottomThird'],
  ReplyEnvelope: ['Env9ReplySingleWindow'],
} as const;

export type EnumName = keyof typeof enums;
export type EnumValue<E extends EnumName> = (typeof enums)[E][number];
