const UNITS: [number, string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
];

/** A planned step's time after the start of the journey in words: 'At the start', '2 days 3 hours after the start'. */
export const offsetText = (ms: number | undefined | null) => {
  if (ms === undefined || ms === null) return 'Waits for an event';
  if (ms < 1000) return 'At the start';
  let rest = ms;
  const parts: string[] = [];
  for (const [size, name] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count) parts.push(`${count} ${name}${count === 1 ? '' : 's'}`);
  }
  return `${parts.join(' ')} after the start`;
};
