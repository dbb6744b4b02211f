import { strict as assert } from 'node:assert';
import {
  describeResultCode,
  describeStatus,
  isFinalStatus,
  isValidSettingValue,
  mailerStatuses,
  resultCodes,
  settingCode,
  userSettings,
} from '../../src/contract';

describe('contract: result codes, statuses and settings', () => {
  it('has the result codes of the facts with their meanings', () => {
    assert.equal(describeResultCode(-3000), 'OK');
    assert.match(describeResultCode(-3003), /not authenticated/);
    assert.match(describeResultCode(-3022), /cancellation denied/);
    assert.match(describeResultCode(-4013), /invalid ID/);
    assert.match(describeResultCode(-3500), /rate limit/);
    assert.match(describeResultCode(-1), /unknown result code -1/);
    // -3000…-3004 (5), -3010, -3020, -3022 (3), -3113…-3139 (27), -3142…-3147 (6), -3150,
    // -3160…-3165 (6), -3209…-3240 (32), -3500, -4001…-4011 (11), -4013…-4015 (3)
    assert.equal(resultCodes.size, 5 + 3 + 27 + 6 + 1 + 6 + 32 + 1 + 11 + 3);
  });

  it('gives each of the 27 settings its own code from -3213 to -3239, in the facts order', () => {
    assert.equal(userSettings.length, 27);
    assert.equal(settingCode('General_Username'), -3213);
    assert.equal(settingCode('General_WorkMode'), -3216);
    assert.equal(settingCode('Security_Password'), -3217);
    assert.equal(settingCode('Feedback_Soap_Authentication'), -3239);
    assert.equal(settingCode('Nope'), undefined);
    assert.match(describeResultCode(-3217), /Security_Password/);
  });

  it('validates setting values by their rule', () => {
    const rule = (name: string) => userSettings.find((s) => s.name === name)!.rule;
    assert.ok(isValidSettingValue(rule('General_WorkMode'), 'Production'));
    assert.ok(!isValidSettingValue(rule('General_WorkMode'), 'Default'));
    assert.ok(isValidSettingValue(rule('Security_Password'), 'a.B-9!'));
    assert.ok(!isValidSettingValue(rule('Security_Password'), 'abc'));
    assert.ok(!isValidSettingValue(rule('Security_Password'), 'spaces are not allowed'));
    assert.ok(isValidSettingValue(rule('General_Timezone'), 'America/New_York'));
    assert.ok(!isValidSettingValue(rule('General_Timezone'), 'Mars/Olympus'));
    assert.ok(isValidSettingValue(rule('Feedback_Post_FeedbackURL'), 'https://example.test/hook'));
    assert.ok(!isValidSettingValue(rule('Feedback_Post_FeedbackURL'), 'ftp://example.test'));
    assert.ok(isValidSettingValue(rule('Security_AdministrativeEmail'), 'a@b.test'));
    assert.ok(!isValidSettingValue(rule('Security_AdministrativeEmail'), 'a@b'));
    assert.ok(!isValidSettingValue(rule('General_Description'), 'x'.repeat(101)));
  });

  it('has the mailer statuses, final from -1000 down', () => {
    const codes = mailerStatuses.map((s) => s.code);
    assert.deepEqual(codes, [-900, -910, -990, -995, -1000, -1002, -1005, -1010, -1018, -1021, -1025, -1045, -1065, -1099, -3001]);
    for (const status of mailerStatuses) assert.equal(status.final, isFinalStatus(status.code), String(status.code));
    assert.equal(describeStatus(-995), 'Waiting For Delivery');
    assert.equal(describeStatus(-1005), 'Actively canceled by user');
    assert.equal(describeStatus(-42), 'Status -42');
  });
});
