/** Which service an endpoint is, and amounts as people type them: the rules the front ends read input by. */
import { strict as assert } from 'node:assert';
import { amountSetting, isSandboxAddress, normalEndpoint, parseDollars, readEndpoint, sameAccount, sameService } from '../../src/rulebook';

describe('the rulebook: endpoints and amounts', () => {
  it('reads a base URL, or says what is wrong with it', () => {
    assert.deepEqual(readEndpoint(' https://Mail.Example.com:443/ws/ '), { endpoint: 'https://mail.example.com/ws' });
    assert.deepEqual(readEndpoint('http://127.0.0.1:8317'), { endpoint: 'http://127.0.0.1:8317' });
    assert.deepEqual(readEndpoint('mail.example.com'), { problem: 'not an http URL' });
    assert.deepEqual(readEndpoint('ftp://mail.example.com'), { problem: 'not an http URL' });
    assert.deepEqual(readEndpoint('https://jane:pw@mail.example.com'), { problem: 'user or password in it' });
    assert.deepEqual(readEndpoint('https://mail.example.com/?key=1'), { problem: 'query in it' });
  });

  it('tells one service from another: the same once normal, or both the local sandbox', () => {
    assert.equal(normalEndpoint('HTTP://Mail.Example.com:80/ws//'), 'http://mail.example.com/ws');
    assert.ok(sameService('https://mail.example.com/ws/', 'https://MAIL.example.com:443/ws'));
    assert.ok(!sameService('https://mail.example.com/ws', 'https://other.example.com/ws'));
    assert.ok(sameService('http://localhost:8317', 'http://127.0.0.1:40123/'), 'the sandbox listens where it can');
    assert.ok(sameAccount({ endpoint: 'http://[::1]:9', user: 'demo' }, { endpoint: 'http://127.0.0.1:8317', user: 'demo' }));
    assert.ok(!sameAccount({ endpoint: 'http://127.0.0.1:9', user: 'other' }, { endpoint: 'http://127.0.0.1:8317', user: 'demo' }));
    assert.ok(!sameService('not a url', 'http://127.0.0.1:1'));
    assert.ok(!sameService('http://127.0.0.1.example.com', 'http://127.0.0.1:1'), 'a name that starts with 127. is elsewhere');
  });

  it('takes a sandbox address only on this machine, over http, without a path', () => {
    assert.ok(isSandboxAddress('http://127.0.0.1:8317'));
    assert.ok(isSandboxAddress('http://localhost:8317'));
    assert.ok(isSandboxAddress('http://[::1]:8317'));
    assert.ok(!isSandboxAddress('https://127.0.0.1:8317'));
    assert.ok(!isSandboxAddress('http://mail.example.com'));
    assert.ok(!isSandboxAddress('http://127.0.0.1:8317/MailWS.asmx'));
  });

  it('reads dollars to the cent, a $ allowed, never negative', () => {
    assert.equal(parseDollars('25'), 25);
    assert.equal(parseDollars(' $12.50 '), 12.5);
    assert.equal(parseDollars('0'), 0);
    for (const wrong of ['', '-1', '1.005', '1e3', 'ten', '$', '12,50', 'Infinity']) assert.equal(parseDollars(wrong), undefined, wrong);
    assert.equal(amountSetting(3.2), 3.2);
    for (const wrong of [-1, Number.NaN, Infinity, '3', null]) assert.equal(amountSetting(wrong), undefined, String(wrong));
  });
});
