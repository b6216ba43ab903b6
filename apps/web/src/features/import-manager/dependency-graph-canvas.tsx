import {
  IMPORT_DEPENDENCY_COLORS,
  type ImportDependency,
  type ImportDependencyType,
  type ImportSchedule,
} from '@trust/domain';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { ACCESSIBLE_COLORS } from '../../app/theme.ts';
import {
  GRAPH_HEIGHT,
  GRAPH_WIDTH,
  type GraphLayout,
  nodeAt,
  routeEdge,
  toDrawingPoint,
  wrapLabel,
} from './dependency-graph-layout.ts';

// The Dependencies tab's picture (002 §2): schedules as circles in levels, edges from the schedule depended on
// to the one that depends on it, coloured by type. A canvas is invisible to screen readers and keyboards: the
// tab renders the same graph as a list of buttons beside it, and this canvas is one image with a summary.

/** A Mantine colour name (green, blue, orange, …) as the text-safe shade the app paints with. */
function shade(name: string, index = 6): string {
  return ACCESSIBLE_COLORS[name as keyof typeof ACCESSIBLE_COLORS]?.[index] ?? name;
}

export function edgeColor(type: ImportDependencyType): string {
  return shade(IMPORT_DEPENDENCY_COLORS[type]);
}

const FONT = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const ARROW = 12;

function draw(
  context: CanvasRenderingContext2D,
  layout: GraphLayout,
  schedules: readonly ImportSchedule[],
  dependencies: readonly ImportDependency[],
  selectedId: number | null,
  hoveredId: number | null,
) {
  const r = layout.radius;
  context.clearRect(0, 0, GRAPH_WIDTH, GRAPH_HEIGHT);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, GRAPH_WIDTH, GRAPH_HEIGHT);

  for (const dep of dependencies) {
    const from = layout.nodes.get(dep.depends_on_schedule_id);
    const to = layout.nodes.get(dep.schedule_id);
    if (!from || !to) continue;
    const others = [...layout.nodes.values()].filter((n) => n !== from && n !== to);
    const line = routeEdge(from, to, r, others);
    const color = edgeColor(dep.dependency_type);
    const touchesSelection = selectedId === dep.schedule_id || selectedId === dep.depends_on_schedule_id;
    context.strokeStyle = color;
    context.fillStyle = color;
    context.lineWidth = touchesSelection ? 3.5 : 2;
    context.beginPath();
    context.moveTo(line.x1, line.y1);
    context.quadraticCurveTo(line.cx, line.cy, line.x2, line.y2);
    context.stroke();
    // The arrowhead at the dependent: it runs after the other.
    context.beginPath();
    context.moveTo(line.x2, line.y2);
    context.lineTo(
      line.x2 - ARROW * Math.cos(line.angle - Math.PI / 7),
      line.y2 - ARROW * Math.sin(line.angle - Math.PI / 7),
    );
    context.lineTo(
      line.x2 - ARROW * Math.cos(line.angle + Math.PI / 7),
      line.y2 - ARROW * Math.sin(line.angle + Math.PI / 7),
    );
    context.closePath();
    context.fill();
  }

  const fontSize = Math.max(10, Math.min(14, Math.round(r / 3.6)));
  for (const schedule of schedules) {
    const node = layout.nodes.get(schedule.id);
    if (!node) continue;
    const selected = schedule.id === selectedId;
    context.beginPath();
    context.arc(node.x, node.y, r, 0, Math.PI * 2);
    context.fillStyle = selected
      ? shade('teal', 7)
      : schedule.enabled
        ? shade('teal', hoveredId === schedule.id ? 1 : 0)
        : shade('gray', hoveredId === schedule.id ? 2 : 1);
    context.fill();
    context.setLineDash(schedule.enabled ? [] : [6, 4]);
    context.lineWidth = selected ? 4 : 2;
    context.strokeStyle = selected ? shade('teal', 9) : schedule.enabled ? shade('teal') : shade('gray');
    context.stroke();
    context.setLineDash([]);
    if (r < 16) continue;
    context.fillStyle = selected ? '#ffffff' : shade('gray', 9);
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.font = `600 ${fontSize}px ${FONT}`;
    const lineHeight = fontSize * 1.2;
    const lines = wrapLabel(schedule.name, r * 2 - 16, (s) => context.measureText(s).width, r < 30 ? 1 : 2);
    // The name's lines, and "disabled" under them, centred together in the circle.
    const rows = lines.length + (schedule.enabled ? 0 : 1);
    const top = node.y - ((rows - 1) * lineHeight) / 2;
    lines.forEach((line, i) => {
      context.fillText(line, node.x, top + i * lineHeight);
    });
    if (!schedule.enabled) {
      context.font = `${fontSize - 2}px ${FONT}`;
      context.fillText('disabled', node.x, top + lines.length * lineHeight);
    }
  }
}

/**
 * The graph drawn at 800 × 600 (sharp on high-density screens), scaled down by CSS to the room it has; a
 * click is mapped back through that scale to the node under it.
 */
export function DependencyGraphCanvas({
  layout,
  schedules,
  dependencies,
  selectedId,
  onSelect,
  label,
}: {
  layout: GraphLayout;
  schedules: readonly ImportSchedule[];
  dependencies: readonly ImportDependency[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** What the picture shows, for screen readers. */
  label: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [ratio, setRatio] = useState(() =>
    typeof window === 'undefined' ? 1 : Math.max(1, window.devicePixelRatio || 1),
  );

  // Moving the window to a screen of another density (or zooming) changes the ratio: redraw sharp.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(`(resolution: ${ratio}dppx)`);
    const update = () => setRatio(Math.max(1, window.devicePixelRatio || 1));
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, [ratio]);

  useEffect(() => {
    const canvas = ref.current;
    // jsdom (and a browser without 2D canvas) has no context: the list beside the canvas still shows the graph.
    const context = canvas?.getContext('2d') ?? null;
    if (!canvas || !context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    draw(context, layout, schedules, dependencies, selectedId, hovered);
  }, [layout, schedules, dependencies, selectedId, hovered, ratio]);

  const pointAt = (event: MouseEvent<HTMLCanvasElement>) => {
    const point = toDrawingPoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
    return nodeAt(layout, point.x, point.y);
  };

  return (
    <canvas
      ref={ref}
      role="img"
      aria-label={label}
      width={GRAPH_WIDTH * ratio}
      height={GRAPH_HEIGHT * ratio}
      data-testid="dependency-graph-canvas"
      style={{
        display: 'block',
        width: '100%',
        maxWidth: GRAPH_WIDTH,
        height: 'auto',
        aspectRatio: `${GRAPH_WIDTH} / ${GRAPH_HEIGHT}`,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        cursor: hovered === null ? 'default' : 'pointer',
      }}
      onClick={(event) => {
        const id = pointAt(event);
        if (id !== null) onSelect(id);
      }}
      onMouseMove={(event) => setHovered(pointAt(event))}
      onMouseLeave={() => setHovered(null)}
    />
  );
}
