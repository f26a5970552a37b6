/** The package ships no types: what tests/api/metrics.test.ts reads of its answer. */
declare module "parse-prometheus-text-format" {
  interface ParsedFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: unknown[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
