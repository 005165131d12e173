import { useCallback, useMemo } from 'react';
import { Background, BaseEdge, Controls, Handle, Position, ReactFlow, getSmoothStepPath, type Edge, type EdgeProps, type Node, type NodeProps, type OnNodeDrag } from '@xyflow/react';
import { BOX, type PlacedStep } from '../flowchart';

type StepNode = Node<{ trigger: string; summary: string }, 'step'>;

/** One step's box: what starts it above, what it does below (the sentences of the automation catalogue). */
function StepBox({ data }: NodeProps<StepNode>) {
  return (
    <div data-step="" style={{ width: BOX.width, minHeight: BOX.height, boxSizing: 'border-box', padding: '8px 10px', borderRadius: 8, border: '1px solid #1f5fa8', background: '#f4f8fc', fontSize: 12 }}>
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div style={{ color: '#333' }}>{data.trigger}</div>
      <div style={{ color: '#111', fontWeight: 600, fontSize: 13, marginTop: 4 }}>{data.summary}</div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}

/** An arrow from the step a step follows; marked so tests and styles can find it as in the server drawing. */
function FollowEdge({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, markerEnd }: EdgeProps) {
  const [path] = getSmoothStepPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  return (
    <g data-edge="">
      <BaseEdge path={path} markerEnd={markerEnd} style={{ stroke: '#555', strokeWidth: 1.5 }} />
    </g>
  );
}

const NODE_TYPES = { step: StepBox };
const EDGE_TYPES = { follow: FollowEdge };

/**
 * The journey's steps as a React Flow canvas (loaded in the browser only; the server draws the same
 * chart in SVG). Staff who may change steps drag a box to place it; `onMove` keeps the position.
 */
export default function FlowCanvas({ placed, edges, height, onMove }: { placed: PlacedStep[]; edges: { from: string; to: string }[]; height: number; onMove?: (id: string, x: number, y: number) => void }) {
  const nodes = useMemo<StepNode[]>(
    () => placed.map((step) => ({ id: step.id, type: 'step', position: { x: step.x, y: step.y }, data: { trigger: step.trigger, summary: step.summary }, draggable: !!onMove })),
    [placed, onMove],
  );
  // React Flow names an edge by its steps' ids unless told otherwise: named by what the steps do.
  const links = useMemo<Edge[]>(() => {
    const summary = new Map(placed.map((step) => [step.id, step.summary]));
    return edges.map((edge) => ({
      id: `${edge.from}-${edge.to}`,
      source: edge.from,
      target: edge.to,
      type: 'follow',
      ariaLabel: `${summary.get(edge.to)} follows ${summary.get(edge.from)}`,
      markerEnd: { type: 'arrowclosed' as never, color: '#555' },
    }));
  }, [edges, placed]);
  const onNodeDragStop = useCallback<OnNodeDrag<StepNode>>((_event, node) => onMove?.(node.id, Math.round(node.position.x), Math.round(node.position.y)), [onMove]);
  return (
    <div style={{ height: Math.min(Math.max(height + 80, 240), 640), width: '100%' }} data-testid="flowchart" role="group" aria-label={onMove ? 'Flowchart: drag a step, or select it and use the arrow keys, to move it' : 'Flowchart'}>
      <ReactFlow
        defaultNodes={nodes}
        defaultEdges={links}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        onNodeDragStop={onNodeDragStop}
        nodesConnectable={false}
        nodesFocusable={!!onMove}
        edgesFocusable={false}
        elementsSelectable={!!onMove}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        proOptions={{ hideAttribution: false }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
