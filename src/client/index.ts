/** The typed Mail WS client: `new MailWsClient({ endpoint, binding, credentials })`. */
export * from './client';
export * from './errors';
export { fetchStatuses, type MailerStatus } from './tracking';
export { parseAddressLine, type RecipientAddress } from './address';
export { checkSignIn } from './sign-in';
