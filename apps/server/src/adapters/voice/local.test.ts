import { describe, expect, it } from 'vitest';
import { PermanentDeliveryError } from '../errors.ts';
import type { CallStatusReport, LocalRecording, OutgoingCall } from './driver.ts';
import { LocalVoiceDriver } from './local.ts';
import { wavDurationSeconds } from './wav.ts';

const call = (record: boolean, stored?: Promise<void>): OutgoingCall => ({
  id: 1,
  to: '+12135550142',
  twimlUrl: 'http://x/twiml',
  statusCallbackUrl: 'http://x/status',
  recordingStatusCallbackUrl: 'http://x/recording',
  record,
  ...(stored ? { stored } : {}),
});

function recorder() {
  const events: (CallStatusReport | LocalRecording)[] = [];
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  return {
    events,
    finished,
    sink: {
      status: async (report: CallStatusReport) => {
        events.push(report);
        if (report.CallStatus === 'completed') setTimeout(done, 50);
      },
      recording: async (recording: LocalRecording) => {
        events.push(recording);
        done();
      },
    },
  };
}

const timings = { ringingMs: 5, answeredMs: 15, completedMs: 25 };

describe('the local voice driver', () => {
  it('answers a CAlocal sid, then reports ringing, in-progress and completed with the duration, in order', async () => {
    const r = recorder();
    const driver = new LocalVoiceDriver(r.sink, { timings });
    const { callSid } = await driver.placeCall(call(false));
    expect(callSid).toMatch(/^CAlocal[0-9a-f]{28}$/);
    expect(r.events).toEqual([]);
    await r.finished;
    expect(r.events).toEqual([
      { CallSid: callSid, CallStatus: 'ringing' },
      { CallSid: callSid, CallStatus: 'in-progress' },
      { CallSid: callSid, CallStatus: 'completed', CallDuration: '1' },
    ]);
    driver.close();
  });

  it('records a short WAV of a tone when recording is on', async () => {
    const r = recorder();
    const driver = new LocalVoiceDriver(r.sink, { timings, recordingSeconds: 2 });
    const { callSid } = await driver.placeCall(call(true));
    await r.finished;
    const recording = r.events.at(-1) as LocalRecording;
    expect(recording.callSid).toBe(callSid);
    expect(recording.recordingSid).toMatch(/^RElocal/);
    expect(recording.contentType).toBe('audio/wav');
    expect(recording.durationSeconds).toBe(2);
    expect(recording.audio.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wavDurationSeconds(recording.audio)).toBe(2);
    // Quiet: no sample above a tenth of full scale.
    let peak = 0;
    for (let i = 44; i < recording.audio.length; i += 2)
      peak = Math.max(peak, Math.abs(recording.audio.readInt16LE(i)));
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(32767 / 10);
    driver.close();
  });

  it('reports nothing before the caller has stored the sid', async () => {
    const r = recorder();
    const driver = new LocalVoiceDriver(r.sink, { timings });
    let release: () => void = () => {};
    const stored = new Promise<void>((resolve) => {
      release = resolve;
    });
    await driver.placeCall(call(false, stored));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(r.events).toEqual([]);
    release();
    await r.finished;
    expect(r.events.map((e) => (e as CallStatusReport).CallStatus)).toEqual([
      'ringing',
      'in-progress',
      'completed',
    ]);
    driver.close();
  });

  it('stops every simulated call when closed, and places no more', async () => {
    const r = recorder();
    const driver = new LocalVoiceDriver(r.sink, {
      timings: { ringingMs: 30, answeredMs: 60, completedMs: 90 },
    });
    await driver.placeCall(call(true));
    driver.close();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(r.events).toEqual([]);
    await expect(driver.placeCall(call(false))).rejects.toThrow('closed');
  });

  it('goes on after a step the sink failed to apply, and says so', async () => {
    const errors: unknown[] = [];
    const r = recorder();
    const driver = new LocalVoiceDriver(
      {
        ...r.sink,
        status: async (report) => {
          if (report.CallStatus === 'ringing') throw new Error('database busy');
          await r.sink.status(report);
        },
      },
      { timings, onError: (e) => errors.push(e) },
    );
    await driver.placeCall(call(false));
    await r.finished;
    expect((errors[0] as Error).message).toBe('database busy');
    expect(r.events.map((e) => (e as CallStatusReport).CallStatus)).toEqual(['in-progress', 'completed']);
    driver.close();
  });

  it('fetches no remote recordings', async () => {
    const driver = new LocalVoiceDriver(recorder().sink);
    await expect(driver.fetchRecording('http://127.0.0.1/rec')).rejects.toBeInstanceOf(
      PermanentDeliveryError,
    );
  });
});
