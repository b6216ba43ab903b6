// A parser for the text/event-stream format (HTML Living Standard, "Server-sent events"), fed with chunks as
// they arrive. Frames end with a blank line; a field is `name: value`; lines starting with ':' are comments
// (keep-alive pings). Several `data:` lines of one frame join with newlines.

export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
  retry: number | null;
}

/**
 * `onRetry` hears every `retry:` field as it is read, also in a frame without data (the server's first frame
 * is `retry: 3000` and a comment): per the standard it sets the reconnection time at once.
 */
export function createSseParser(
  onMessage: (message: SseMessage) => void,
  onRetry?: (ms: number) => void,
): (chunk: string) => void {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | null = null;
  let retry: number | null = null;

  const dispatch = () => {
    if (data.length > 0) onMessage({ id, event: event || 'message', data: data.join('\n'), retry });
    data = [];
    event = '';
    retry = null;
  };

  const handleLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) {
      retry = Number(value);
      onRetry?.(retry);
    }
  };

  return (chunk: string) => {
    buffer += chunk;
    // Lines end with CRLF, LF or CR. A trailing CR might be the first half of a CRLF split across chunks.
    const lines = buffer.split(/\r\n|\n|\r(?!$)/);
    buffer = lines.pop() ?? '';
    for (const line of lines) handleLine(line);
  };
}
