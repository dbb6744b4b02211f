/**
 * CancelDelivery: possible until the mailer is handed to the postal service (-900, -910, -990);
 * afterwards -3022. The sandbox cancels at once (the real service may take a few minutes) and
 * refunds what was charged at once; the refund pays for mailers of the account waiting for funds
 * (funding.ts), as funds set through the control path would.
 */
import { isCancellableStatus, OK, RESULT } from '../../contract';
import { refundOf } from '../funding';
import { refuse, type Handler } from './context';
import { ownMailer, reporter } from './mailers';

export const cancelDelivery: Handler<'datedA', 'CancelDelivery'> = async (request, caller, sandbox) => {
  const mailer = ownMailer(request.ID, caller, sandbox);
  const r = reporter(caller, sandbox);
  if (!isCancellableStatus(r.status(mailer).status)) refuse(RESULT.CancellationDenied);
  await sandbox.store.commit({ t: 'cancel', id: mailer.id, at: r.now, ...refundOf(mailer, sandbox, r.now) });
  return OK;
};
