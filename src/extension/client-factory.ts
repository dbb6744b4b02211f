/** The client, loaded when first needed so that activation stays cheap. */
export { MailWsClient } from '../client';
export { REAL_SERVICE_MIN_INTERVAL_MS as REAL_SERVICE_MIN_INTERVAL } from '../contract';
