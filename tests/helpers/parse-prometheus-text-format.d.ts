// The parser ships no types: what tests/api/metrics.test.ts reads of its answer.
declare module "parse-prometheus-text-format" {
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: Array<{ labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string; sum?: string }>;
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
