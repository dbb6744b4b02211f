/**
 * An IPv4 address of this machine that is not loopback, for a test to call a sandbox from, so that
 * the socket's remote address is not 127.x (connect with `localAddress` set to it).
 *
 * Made for the test where it can be: a veth pair (Linux; needs root's CAP_NET_ADMIN) holding an
 * address of 198.18.0.0/15, the range RFC 2544 keeps for benchmarking tests, so it is no one's on
 * a network; gone again with `release`. Otherwise, one the machine's interfaces already have.
 * Where there is neither, the reason, for the test to give as it skips.
 */
import { execFileSync } from 'node:child_process';
import { networkInterfaces } from 'node:os';

export type NonLoopback =
  { readonly address: string; readonly made: boolean; release(): void } | { readonly address?: undefined; readonly reason: string };

/** Links of this process's own, so that tests running at once in other processes never meet. */
const link = `mr${process.pid}`;

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

function made(): { address: string; release(): void } {
  const address = `198.18.${(process.pid >> 8) & 255}.${process.pid & 255}`;
  const release = () => {
    try {
      ip('link', 'del', `${link}a`); // takes its peer and the address with it
    } catch {
      // not there
    }
  };
  release(); // a link an earlier run of this pid left behind
  try {
    ip('link', 'add', `${link}a`, 'type', 'veth', 'peer', 'name', `${link}b`);
    ip('addr', 'add', `${address}/32`, 'dev', `${link}a`);
    ip('link', 'set', `${link}a`, 'up');
  } catch (error) {
    release();
    throw error;
  }
  return { address, release };
}

export function nonLoopbackAddress(): NonLoopback {
  let why: string;
  try {
    return { ...made(), made: true };
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    why = `no address could be made for the test (ip: ${stderr || (error as Error).message})`;
  }
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? [])
      if (a.family === 'IPv4' && !a.internal) return { address: a.address, made: false, release: () => undefined };
  }
  return { reason: `${why}, and this machine has no IPv4 address but loopback` };
}
