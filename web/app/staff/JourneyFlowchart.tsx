import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useFetcher } from '@remix-run/react';
import Card from '@mui/joy/Card';
import Typography from '@mui/joy/Typography';
import { BOX, placeSteps, type FlowStep } from './flowchart';

type Canvas = ComponentType<Parameters<typeof import('./journey-builder/FlowCanvas').default>[0]>;

/** The React Flow canvas, loaded once the page runs in the browser (it measures the DOM); null before. */
const useFlowCanvas = () => {
  const [canvas, setCanvas] = useState<Canvas | null>(null);
  useEffect(() => {
    let live = true;
    void import('./journey-builder/FlowCanvas').then((module) => live && setCanvas(() => module.default));
    return () => {
      live = false;
    };
  }, []);
  return canvas;
};

const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/**
 * The journey's automation steps as a flowchart: a React Flow canvas in the browser, where staff who
 * may change steps drag them into place (kept in each step's flowchartUI), drawn in SVG on the server
 * until then; the same steps as a list for keyboard and screen reader users (the drawing is hidden from them).
 */
export function JourneyFlowchart({ steps, canMove = false }: { steps: FlowStep[]; canMove?: boolean }) {
  const { placed, edges, width, height } = placeSteps(steps);
  const at = new Map(placed.map((step) => [step.id, step]));
  const Canvas = useFlowCanvas();
  const fetcher = useFetcher();
  const { submit } = fetcher;
  const onMove = useCallback((stepId: string, x: number, y: number) => submit({ intent: 'moveStep', stepId, x, y }, { method: 'post' }), [submit]);
  return (
    <Card variant="outlined" component="section" aria-labelledby="journey-steps">
      <Typography level="title-lg" component="h2" id="journey-steps">
        Automation steps
      </Typography>
      {steps.length === 0 ? (
        <Typography>No automation steps yet.</Typography>
      ) : (
        <>
          {Canvas ? (
            <Canvas key={JSON.stringify([placed, edges])} placed={placed} edges={edges} height={height} onMove={canMove ? onMove : undefined} />
          ) : (
          <div style={{ overflowX: 'auto' }}>
            <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" data-testid="flowchart" style={{ fontFamily: 'inherit' }}>
              <defs>
                <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
                  <path d="M 0 0 L 10 5 L 0 10 z" fill="#555" />
                </marker>
              </defs>
              {edges.map((edge) => {
                const from = at.get(edge.from);
                const to = at.get(edge.to);
                if (!from || !to) return null;
                return (
                  <line key={`${edge.from}-${edge.to}`} data-edge="" x1={from.x + BOX.width / 2} y1={from.y + BOX.height} x2={to.x + BOX.width / 2} y2={to.y - 2} stroke="#555" strokeWidth={1.5} markerEnd="url(#arrow)" />
                );
              })}
              {placed.map((step) => (
                <g key={step.id} data-step="" transform={`translate(${step.x + 1},${step.y + 1})`}>
                  <rect width={BOX.width - 2} height={BOX.height - 2} rx={8} fill="#f4f8fc" stroke="#1f5fa8" />
                  <text x={10} y={24} fontSize={12} fill="#333">
                    {clip(step.trigger, 36)}
                  </text>
                  <text x={10} y={46} fontSize={13} fontWeight={600} fill="#111">
                    {clip(step.summary, 32)}
                  </text>
                </g>
              ))}
            </svg>
          </div>
          )}
          <Typography component="ol" aria-label="Steps" sx={{ m: 0, pl: 3 }}>
            {placed.map((step) => (
              <li key={step.id}>
                {step.trigger}: {step.summary}
              </li>
            ))}
          </Typography>
        </>
      )}
    </Card>
  );
}
