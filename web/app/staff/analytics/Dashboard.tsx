import Box from '@mui/joy/Box';
import Card from '@mui/joy/Card';
import Typography from '@mui/joy/Typography';
import { AnalyticsChart } from './AnalyticsChart';

interface Chart {
  id: string;
  title: string;
  about: string;
  points: { label: string; value: number }[];
}

/** The ready charts, two across on a wide screen; a chart with nothing counted says so instead of drawing empty bars. */
export function Dashboard({ charts }: { charts: Chart[] }) {
  return (
    <Box component="section" aria-labelledby="dashboard" sx={{ display: 'grid', gap: 2 }}>
      <Typography level="title-lg" component="h2" id="dashboard">
        Dashboard
      </Typography>
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {charts.map((chart) => (
          <Card key={chart.id} component="li" variant="outlined" aria-labelledby={`chart-${chart.id}`}>
            <Typography level="title-md" component="h3" id={`chart-${chart.id}`}>
              {chart.title}
            </Typography>
            <Typography level="body-sm">{chart.about}</Typography>
            {chart.points.some((point) => point.value > 0) ? (
              <AnalyticsChart title={chart.title} points={chart.points} />
            ) : (
              <Typography level="body-sm">Nothing to count yet.</Typography>
            )}
          </Card>
        ))}
      </Box>
    </Box>
  );
}
