import { describe, expect, it } from 'vitest';
import { twilioSignature, verifyTwilioSignature } from './signature.ts';

// The examples of Twilio's own documentation ("Validating requests", api-snippets signature_validation):
// auth token 12345, this URL and these parameters give these signatures.
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params = (caller: string) => ({
  CallSid: 'CA1234567890ABCDE',
  Caller: caller,
  Digits: '1234',
  From: caller,
  To: '+18005551212',
});

describe("Twilio's request signature", () => {
  it("computes the signatures of Twilio's documented examples", () => {
    expect(twilioSignature('12345', URL, params('+14158675310'))).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
    expect(twilioSignature('12345', URL, params('+14158675309'))).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('verifies a good signature and refuses a changed parameter, URL, token or a missing header', () => {
    const good = 'GvWf1cFY/Q7PnoempGyD5oXAezc=';
    expect(verifyTwilioSignature('12345', good, URL, params('+14158675310'))).toBe(true);
    expect(verifyTwilioSignature('12345', good, URL, { ...params('+14158675310'), Digits: '1235' })).toBe(
      false,
    );
    expect(verifyTwilioSignature('12345', good, `${URL}&baz=3`, params('+14158675310'))).toBe(false);
    expect(verifyTwilioSignature('54321', good, URL, params('+14158675310'))).toBe(false);
    expect(verifyTwilioSignature('12345', undefined, URL, params('+14158675310'))).toBe(false);
    expect(verifyTwilioSignature('12345', 'short', URL, params('+14158675310'))).toBe(false);
  });

  it('accepts the URL signed with or without the default port', () => {
    const url = 'https://trust.example/api/webhooks/twilio/sms';
    const signedWithPort = twilioSignature('tok', 'https://trust.example:443/api/webhooks/twilio/sms', {
      Body: 'YES',
    });
    expect(verifyTwilioSignature('tok', signedWithPort, url, { Body: 'YES' })).toBe(true);
    const signedWithout = twilioSignature('tok', url, { Body: 'YES' });
    expect(
      verifyTwilioSignature('tok', signedWithout, 'https://trust.example:443/api/webhooks/twilio/sms', {
        Body: 'YES',
      }),
    ).toBe(true);
  });
});
