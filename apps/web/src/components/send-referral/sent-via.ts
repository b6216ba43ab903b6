import { methodLabel } from '@trust/domain';

// Issue #14 "send results name the method actually used": the server's answer to a send says, for each provider,
// the method it went out by and the contact it went to (results[].method_type, contact_value). The spec's
// summary ("via their preferred communication methods") stays; these lines say what really happened.

/** "SMS to (555) 123-4567", "Email to intake@example.org", "Web form": the method a send actually used. */
export function sentViaText(methodType: string, contactValue: string | null | undefined): string {
  const contact = contactValue?.trim() ?? '';
  const to = contact ? ` to ${contact}` : '';
  switch (methodType) {
    // A phone method is texted (the SMS adapter); 'sms' is how the communications log names it.
    case 'phone':
    case 'sms':
      return `SMS${to}`;
    case 'email':
      return `Email${to}`;
    case 'voice':
      return `Call${to}`;
    case 'web_form':
      return 'Web form';
    case 'portal':
      return 'Provider portal';
    case 'fax':
      return `Fax${to}`;
    default:
      return `${methodLabel(methodType)}${to}`;
  }
}

/** One provider's line of a send's results: "Harbor Food Bank: SMS to (555) 123-4567", with a failure's reason. */
export function sentResultLine(
  providerName: string,
  result: { method_type: string; contact_value: string | null; status?: string; error?: string | null },
): string {
  const line = `${providerName}: ${sentViaText(result.method_type, result.contact_value)}`;
  if (result.status === 'failed') return `${line} (failed${result.error ? `: ${result.error}` : ''})`;
  return line;
}
