// The session bench's chart, drawn by Vega-Lite and rendered to SVG headless by Vega: total
// input tokens per configuration for each skill-library size, and cumulative input tokens
// over the session's requests.
import * as vega from "vega";
import { compile } from "vega-lite";

/**
 * @param {Array<{ skills: number, label: string, totalTokens: number, requests: Array<{ tokens: number }> }>} runs
 * @returns {Promise<string>} SVG text
 */
export async function sessionChart(runs) {
  const order = [...new Set(runs.map((r) => r.label))];
  const totals = runs.map((r) => ({ configuration: r.label, skills: `${r.skills} skills`, tokens: r.totalTokens }));
  const cumulative = runs.flatMap((r) => {
    let sum = 0;
    return r.requests.map((q, i) => ({ configuration: r.label, skills: `${r.skills} skills`, request: i + 1, tokens: (sum += q.tokens) }));
  });
  const color = { field: "configuration", type: "nominal", sort: order, legend: { title: null, orient: "bottom", columns: 3, labelLimit: 0 } };
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    config: { font: "Helvetica, Arial, sans-serif", view: { stroke: null } },
    vconcat: [
      {
        title: "Input tokens per session (o200k), by configuration",
        data: { values: totals },
        facet: { column: { field: "skills", type: "nominal", title: null } },
        spec: {
          width: 320,
          height: 200,
          encoding: {
            x: { field: "configuration", type: "nominal", sort: order, axis: null },
            y: { field: "tokens", type: "quantitative", title: "input tokens", axis: { format: "~s" } },
          },
          layer: [
            { mark: { type: "bar" }, encoding: { color } },
            { mark: { type: "text", dy: -6, fontSize: 10 }, encoding: { text: { field: "tokens", type: "quantitative", format: ".3~s" } } },
          ],
        },
      },
      {
        title: "Cumulative input tokens over the session",
        data: { values: cumulative },
        mark: { type: "line", point: { size: 18 } },
        width: 320,
        height: 200,
        encoding: {
          column: { field: "skills", type: "nominal", title: null },
          x: { field: "request", type: "quantitative", title: "request" },
          y: { field: "tokens", type: "quantitative", title: "cumulative input tokens", axis: { format: "~s" } },
          color,
        },
      },
    ],
  };
  const view = new vega.View(vega.parse(compile(/** @type {any} */ (spec)).spec), { renderer: "none" });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}
