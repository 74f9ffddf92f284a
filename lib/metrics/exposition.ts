import { LATENCY_BUCKETS, type Histogram } from "./counters";

// The Prometheus text exposition format, version 0.0.4 (what every scraper reads):
// https://prometheus.io/docs/instrumenting/exposition_formats/. One family at a time: its HELP and
// TYPE lines, then its samples.

export const CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export type Labels = Record<string, string | number>;

const escapeLabel = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const escapeHelp = (value: string) => value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");

function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "+Inf";
  if (value === -Infinity) return "-Inf";
  return String(value);
}

function formatLabels(labels: Labels | undefined): string {
  if (!labels) return "";
  const parts = Object.entries(labels).map(([name, value]) => `${name}="${escapeLabel(String(value))}"`);
  return parts.length ? `{${parts.join(",")}}` : "";
}

export class Exposition {
  readonly #lines: string[] = [];
  #family = "";

  family(name: string, type: "counter" | "gauge" | "histogram", help: string): this {
    this.#lines.push(`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`);
    this.#family = name;
    return this;
  }

  /** A sample of the family written last (a sample away from its family is what scrapers misread). */
  sample(name: string, value: number, labels?: Labels): this {
    if (name !== this.#family && ![`${this.#family}_bucket`, `${this.#family}_sum`, `${this.#family}_count`].includes(name)) throw new Error(`metric ${name} is not of the family ${this.#family}`);
    this.#lines.push(`${name}${formatLabels(labels)} ${formatValue(value)}`);
    return this;
  }

  /** A histogram's cumulative buckets, sum and count under `name` (its family written first). */
  histogram(name: string, histogram: Histogram, labels: Labels = {}): this {
    let cumulative = 0;
    LATENCY_BUCKETS.forEach((le, i) => {
      cumulative += histogram.counts[i];
      this.sample(`${name}_bucket`, cumulative, { ...labels, le });
    });
    this.sample(`${name}_bucket`, histogram.count, { ...labels, le: "+Inf" });
    this.sample(`${name}_sum`, histogram.sum, labels);
    return this.sample(`${name}_count`, histogram.count, labels);
  }

  text(): string {
    return this.#lines.join("\n") + "\n";
  }
}
