/**
 * Small SVG charts for the dashboard: horizontal bars and a gauge. Each is a <figure> with a
 * caption, and its SVG is one image whose accessible name states every value, so the chart says
 * to a screen reader what it shows to the eye. Colours come from the stylesheet (classes).
 */
export interface Bar {
  label: string;
  value: number;
  /** A class suffix: good, warn, bad, neutral. */
  tone?: 'good' | 'warn' | 'bad' | 'neutral';
  /** The value as text (money, percent); the number by default. */
  display?: string;
}

export function BarChart({ title, bars, empty = 'No data yet.' }: { title: string; bars: Bar[]; empty?: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const rowHeight = 28;
  const labelWidth = 100;
  const width = 340;
  const height = Math.max(rowHeight, bars.length * rowHeight);
  const summary = bars.length ? bars.map((bar) => `${bar.label}: ${bar.display ?? bar.value}`).join('; ') : empty;
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      {bars.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${title}: ${summary}`} preserveAspectRatio="xMinYMin meet">
          {bars.map((bar, index) => {
            const y = index * rowHeight;
            const barWidth = ((width - labelWidth - 60) * bar.value) / max;
            return (
              <g key={bar.label} className={`bar bar-${bar.tone ?? 'neutral'}`}>
                <text x={labelWidth - 8} y={y + rowHeight / 2 + 4} textAnchor="end" className="chart-label">
                  {bar.label.length > 14 ? `${bar.label.slice(0, 13)}…` : bar.label}
                </text>
                <rect x={labelWidth} y={y + 5} width={Math.max(bar.value > 0 ? 2 : 0, barWidth)} height={rowHeight - 10} rx={3} />
                <text x={labelWidth + barWidth + 6} y={y + rowHeight / 2 + 4} className="chart-value">
                  {bar.display ?? bar.value}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}

/** A share of a whole (rate-limit usage) as a half-ring gauge. */
export function Gauge({ title, used, total, detail }: { title: string; used: number; total: number; detail: string }) {
  const share = total > 0 ? Math.min(1, Math.max(0, used / total)) : 0;
  const angle = Math.PI * share;
  const radius = 80;
  const x = 100 - radius * Math.cos(angle);
  const y = 100 - radius * Math.sin(angle);
  const tone = share > 0.8 ? 'bad' : share > 0.5 ? 'warn' : 'good';
  const percent = `${Math.round(share * 100)} %`;
  return (
    <figure className="chart gauge">
      <figcaption>{title}</figcaption>
      <svg viewBox="0 0 200 115" role="img" aria-label={`${title}: ${percent} used, ${detail}`}>
        <path d="M 20 100 A 80 80 0 0 1 180 100" className="gauge-track" />
        {share > 0 && <path d={`M 20 100 A 80 80 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)}`} className={`gauge-fill gauge-${tone}`} />}
        <text x="100" y="95" textAnchor="middle" className="gauge-text">
          {percent}
        </text>
      </svg>
      <p className="muted">{detail}</p>
    </figure>
  );
}
