import { Bar as RechartsBar, BarChart as RechartsBarChart, type BarShapeProps, LabelList, PolarAngleAxis, RadialBar, RadialBarChart, Rectangle, XAxis, YAxis } from 'recharts';

/**
 * The dashboard's charts, drawn by Recharts: horizontal bars and a half-ring gauge. Each is a
 * <figure> whose caption is its title; the SVG is one image (role="img") named by its <title> and
 * described by its <desc>, which state every value; and the same figures are in a table that
 * screen readers read (visually hidden: the bars carry their values as labels for the eye).
 * No tooltip and no keyboard layer: every value is already on screen and in the table, so the
 * chart needs no focus stop of its own. Colours come from the stylesheet (tone classes).
 */
export interface Bar {
  label: string;
  value: number;
  /** A class suffix: good, warn, bad, neutral. */
  tone?: 'good' | 'warn' | 'bad' | 'neutral';
  /** The value as text (money, percent); the number by default. */
  display?: string;
}

const ROW_HEIGHT = 30;
/**
 * Text colour of axis and value labels. Recharts sets a text's fill as an inline style (its default
 * greys are below WCAG AA contrast at this size), which a stylesheet rule cannot override: the
 * stylesheet's ink colour is passed instead.
 */
const INK = 'var(--ink)';
const LABEL_WIDTH = 110;

/** The figures of a chart as a table for screen readers (caption: the chart's title). */
function FiguresTable({ title, rows, valueHeading }: { title: string; rows: { label: string; value: string }[]; valueHeading: string }) {
  return (
    <table className="visually-hidden">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">{valueHeading}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One bar, with the class of its tone (its colour in the stylesheet). */
function TonedBar(props: BarShapeProps) {
  const tone = (props.payload as Bar | undefined)?.tone ?? 'neutral';
  return <Rectangle {...props} className={`chart-bar bar-${tone}`} />;
}

export function BarChart({ title, bars, empty = 'No data yet.' }: { title: string; bars: Bar[]; empty?: string }) {
  const data = bars.map((bar) => ({ ...bar, text: bar.display ?? String(bar.value) }));
  const summary = data.map((bar) => `${bar.label}: ${bar.text}`).join('; ');
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      {data.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <>
          <RechartsBarChart
            layout="vertical"
            data={data}
            responsive
            className="chart-canvas"
            style={{ height: data.length * ROW_HEIGHT + 10 }}
            margin={{ top: 5, right: 70, bottom: 5, left: 0 }}
            title={title}
            desc={summary}
            role="img"
            accessibilityLayer={false}
          >
            <XAxis type="number" hide domain={[0, 'dataMax']} />
            <YAxis type="category" dataKey="label" width={LABEL_WIDTH} tickLine={false} axisLine={false} interval={0} tick={{ fill: INK, fontSize: 13 }} />
            <RechartsBar dataKey="value" shape={TonedBar} minPointSize={2} maxBarSize={20}>
              <LabelList dataKey="text" position="right" fill={INK} fontSize={13} />
            </RechartsBar>
          </RechartsBarChart>
          <FiguresTable title={title} valueHeading="Value" rows={data.map((bar) => ({ label: bar.label, value: bar.text }))} />
        </>
      )}
    </figure>
  );
}

/** A share of a whole (rate-limit usage) as a half-ring gauge. */
export function Gauge({ title, used, total, detail }: { title: string; used: number; total: number; detail: string }) {
  const share = total > 0 ? Math.min(1, Math.max(0, used / total)) : 0;
  const tone = share > 0.8 ? 'bad' : share > 0.5 ? 'warn' : 'good';
  const percent = `${Math.round(share * 100)} %`;
  return (
    <figure className="chart gauge">
      <figcaption>{title}</figcaption>
      <GaugeRing percent={share * 100} tone={tone} title={title} desc={`${percent} used, ${detail}`} />
      <p className="gauge-value" aria-hidden="true">
        {percent}
      </p>
      <p className="muted">{detail}</p>
      <FiguresTable title={title} valueHeading="Share used" rows={[{ label: 'Used', value: `${percent} (${used} of ${total})` }]} />
    </figure>
  );
}

/** The gauge's ring: one radial bar over its track, from 0 to 100. */
function GaugeRing({ percent, tone, title, desc }: { percent: number; tone: string; title: string; desc: string }) {
  return (
    <RadialBarChart
      data={[{ name: 'used', value: percent }]}
      responsive
      className="chart-canvas gauge-canvas"
      style={{ aspectRatio: 2 }}
      startAngle={180}
      endAngle={0}
      cy="100%"
      innerRadius="75%"
      outerRadius="100%"
      barSize={18}
      margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
      title={title}
      desc={desc}
      role="img"
      accessibilityLayer={false}
    >
      <PolarAngleAxis type="number" domain={[0, 100]} tick={false} axisLine={false} />
      <RadialBar dataKey="value" background={{ className: 'gauge-track' }} className={`gauge-fill gauge-${tone}`} />
    </RadialBarChart>
  );
}
