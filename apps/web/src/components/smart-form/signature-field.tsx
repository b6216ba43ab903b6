import { Box, Button, Group, Image, Input, Stack, Text, TextInput } from '@mantine/core';
import type { FormField, FormSignatureAnswer } from '@trust/domain';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '../format-date.ts';

/** The drawing surface in canvas pixels; shown at most this wide and scaled down on a phone. */
const WIDTH = 480;
const HEIGHT = 160;

function signatureAnswer(value: unknown): FormSignatureAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  return {
    image: typeof v.image === 'string' ? v.image : '',
    typed_name: typeof v.typed_name === 'string' ? v.typed_name : '',
    signed_at: typeof v.signed_at === 'string' ? v.signed_at : '',
  };
}

/**
 * A signature (002 §9; issue #16: a drawn signature with the signer's typed name and the time, not a
 * placeholder). Drawn with any pointer (mouse, finger, pen) on a canvas; the answer is the drawing as a PNG data
 * URL, the typed name and when it was signed. A signature already given shows as its image; signing again
 * clears it. "Sign with typed name" writes the name on the canvas, for those who cannot draw with a pointer.
 */
export function SignatureField({
  field,
  description,
  value,
  error,
  readOnly,
  onChange,
}: {
  field: FormField;
  description: ReactNode;
  value: unknown;
  error: string | undefined;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}) {
  const id = useId();
  const answer = signatureAnswer(value);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);
  // A signature given before this page was opened shows as its image until the user signs again; one drawn
  // here keeps the pad, so a signature of several strokes can be finished.
  const [padOpen, setPadOpen] = useState(() => !answer?.image);
  const showImage = Boolean(answer?.image) && (readOnly || !padOpen);
  // The image this pad last produced: any other (another person's save, loaded over ours) is shown as given.
  const emitted = useRef<string | null>(null);
  const image = answer?.image ?? '';
  useEffect(() => {
    if (image && image !== emitted.current) setPadOpen(false);
  }, [image]);
  const typedName = answer?.typed_name ?? '';
  // The latest answer for the pointer handlers, which run between renders.
  const latest = useRef(answer);
  latest.current = answer;

  useEffect(() => {
    if (showImage) return;
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#1a1b1e';
  }, [showImage]);

  function point(event: React.PointerEvent<HTMLCanvasElement>) {
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / (rect.width || WIDTH)) * canvas.width,
      y: ((event.clientY - rect.top) / (rect.height || HEIGHT)) * canvas.height,
    };
  }

  function emit(drawnImage: string | null) {
    const now = latest.current;
    const next = drawnImage ?? now?.image ?? '';
    emitted.current = next;
    onChange({
      image: next,
      typed_name: now?.typed_name ?? '',
      signed_at: new Date().toISOString(),
    } satisfies FormSignatureAnswer);
  }

  function finishStroke() {
    if (!drawing.current) return;
    drawing.current = null;
    const canvas = canvasRef.current;
    if (canvas) emit(canvas.toDataURL('image/png'));
  }

  function clear() {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setDrawn(false);
    setPadOpen(true);
    onChange(typedName ? { image: '', typed_name: typedName, signed_at: '' } : null);
  }

  function signWithName() {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !typedName.trim()) return;
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.font = 'italic 40px "Brush Script MT", "Segoe Script", cursive';
    context.fillStyle = '#1a1b1e';
    context.textBaseline = 'middle';
    context.fillText(typedName.trim(), 16, canvas.height / 2, canvas.width - 32);
    setDrawn(true);
    emit(canvas.toDataURL('image/png'));
  }

  const nameInput = (
    <TextInput
      label="Typed name"
      aria-label={`Typed name for ${field.label}`}
      description="The signer's full name"
      withAsterisk={field.required}
      disabled={readOnly}
      value={typedName}
      maw={WIDTH}
      onChange={(e) => {
        const name = e.currentTarget.value;
        onChange({
          image: showImage || drawn ? (answer?.image ?? '') : '',
          typed_name: name,
          signed_at: answer?.signed_at || new Date().toISOString(),
        } satisfies FormSignatureAnswer);
      }}
    />
  );

  return (
    <Input.Wrapper
      label={field.label}
      labelElement="div"
      id={id}
      withAsterisk={field.required}
      description={description}
      error={error}
      errorProps={{ id: `${id}-error` }}
    >
      <Stack gap="xs" mt={4} aria-describedby={error ? `${id}-error` : undefined}>
        {showImage && answer ? (
          <Box>
            <Image
              src={answer.image}
              alt={`Signature of ${answer.typed_name || 'the signer'}`}
              w="100%"
              maw={WIDTH}
              bg="white"
              style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
            />
            <Text size="sm" mt={4}>
              Signed by {answer.typed_name || '—'}
              {answer.signed_at ? ` on ${formatDateTime(answer.signed_at)}` : ''}
            </Text>
            {!readOnly && (
              <Button mt={4} size="compact-sm" variant="default" onClick={clear}>
                Sign again
              </Button>
            )}
          </Box>
        ) : readOnly ? (
          <Text size="sm" c="dimmed">
            Not signed
          </Text>
        ) : (
          <>
            <canvas
              ref={canvasRef}
              width={WIDTH}
              height={HEIGHT}
              role="img"
              aria-label={`Signature pad for ${field.label}: draw with a mouse, finger or pen`}
              style={{
                width: '100%',
                maxWidth: WIDTH,
                aspectRatio: `${WIDTH} / ${HEIGHT}`,
                border: `1px ${error ? 'solid var(--mantine-color-error)' : 'dashed var(--mantine-color-gray-5)'}`,
                borderRadius: 4,
                background: 'white',
                // The pointer draws instead of scrolling the page.
                touchAction: 'none',
                cursor: 'crosshair',
              }}
              onPointerDown={(event) => {
                const context = event.currentTarget.getContext('2d');
                if (!context) return;
                event.currentTarget.setPointerCapture(event.pointerId);
                const p = point(event);
                drawing.current = p;
                context.beginPath();
                context.moveTo(p.x, p.y);
                context.lineTo(p.x + 0.1, p.y + 0.1);
                context.stroke();
                setDrawn(true);
              }}
              onPointerMove={(event) => {
                const from = drawing.current;
                const context = event.currentTarget.getContext('2d');
                if (!from || !context) return;
                const p = point(event);
                context.beginPath();
                context.moveTo(from.x, from.y);
                context.lineTo(p.x, p.y);
                context.stroke();
                drawing.current = p;
              }}
              onPointerUp={finishStroke}
              onPointerCancel={finishStroke}
              onLostPointerCapture={finishStroke}
            />
            <Group gap="xs">
              <Button size="compact-sm" variant="default" onClick={clear} disabled={!drawn}>
                Clear
              </Button>
              <Button size="compact-sm" variant="subtle" onClick={signWithName} disabled={!typedName.trim()}>
                Sign with typed name
              </Button>
            </Group>
          </>
        )}
        {!readOnly && nameInput}
      </Stack>
    </Input.Wrapper>
  );
}
