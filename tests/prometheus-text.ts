/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4), for tests: it throws on
 * any line the format does not allow, on a sample outside its family's declared names, on a family
 * declared twice and on a sample repeated.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"\s*(,|(?=\}))/y;
/** As Prometheus reads a value (Go's ParseFloat): infinities and NaN in any case. */
const VALUE = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?inf|nan)$/i;
const SUFFIXES: Record<Family["type"], string[]> = {
  counter: [""],
  gauge: [""],
  untyped: [""],
  histogram: ["_bucket", "_sum", "_count"],
  summary: ["", "_sum", "_count"],
};

export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith("\n")) throw new Error("the exposition must end with a line feed");
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  let current: Family | undefined;
  const lines = text.slice(0, -1).split("\n");
  for (const [at, line] of lines.entries()) {
    const fail = (why: string) => new Error(`line ${at + 1}: ${why}: ${JSON.stringify(line)}`);
    if (line === "") continue;
    const meta = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
    if (meta) {
      const [, what, name, rest = ""] = meta;
      if (!NAME.test(name!)) throw fail("bad metric name");
      let family = families.get(name!);
      if (!family) {
        family = { name: name!, type: "untyped", help: "", samples: [] };
        families.set(name!, family);
      } else if (family !== current) throw fail("a family's lines must stand together");
      if (what === "TYPE") {
        if (!(rest in SUFFIXES)) throw fail("unknown type");
        if (family.samples.length > 0) throw fail("TYPE after the family's samples");
        family.type = rest as Family["type"];
      } else family.help = rest.replace(/\\n/g, "\n").replace(/\\\\/g, "\\");
      current = family;
      continue;
    }
    if (line.startsWith("#")) continue;
    const sample = parseSample(line, fail);
    const family = current;
    const belongs = family && SUFFIXES[family.type].some((suffix) => sample.name === family.name + suffix);
    if (!family || !belongs) throw fail("a sample outside its family");
    const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
    if (seen.has(key)) throw fail("a sample repeated");
    seen.add(key);
    family.samples.push(sample);
  }
  return families;
}

function parseSample(line: string, fail: (why: string) => Error): Sample {
  const named = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{)?/.exec(line);
  if (!named) throw fail("bad sample name");
  const labels: Record<string, string> = {};
  let at = named[0].length;
  if (named[2]) {
    LABEL.lastIndex = at;
    for (let match = LABEL.exec(line); match; match = LABEL.exec(line)) {
      const [, label, raw] = match;
      if (label! in labels) throw fail("a label repeated");
      labels[label!] = raw!.replace(/\\(["\\n])/g, (_, char: string) => (char === "n" ? "\n" : char));
      at = LABEL.lastIndex;
    }
    if (line[at] !== "}") throw fail("bad labels");
    at += 1;
  }
  const parts = line.slice(at).trim().split(/\s+/);
  if (line[at] !== " " || parts.length < 1 || parts.length > 2 || !VALUE.test(parts[0]!))
    throw fail("bad value");
  if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw fail("bad timestamp");
  const text = parts[0]!;
  const value = /inf$/i.test(text)
    ? text.startsWith("-")
      ? -Infinity
      : Infinity
    : /nan/i.test(text)
      ? Number.NaN
      : Number(text);
  return { name: named[1]!, labels, value };
}
