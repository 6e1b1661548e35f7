/** The OpenAPI document as one self-contained HTML page: each operation, its parameters and its answer's schema. */

type Json = Record<string, unknown>;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function typeOf(schema: Json): string {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(' | ');
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map(String).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const bounds = [schema.minimum !== undefined ? `≥ ${schema.minimum}` : '', schema.maximum !== undefined ? `≤ ${schema.maximum}` : ''].filter(Boolean).join(', ');
  return `${String(schema.type ?? 'any')}${bounds ? ` (${bounds})` : ''}`;
}

export function docsPage(document: Json): string {
  const info = document.info as { title: string; version: string; description: string };
  const sections: string[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters as { name: string; required: boolean; schema: Json }[] | undefined) ?? [];
      const body = (op.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content['application/json']?.schema;
      const answer = (op.responses as Record<string, { content?: Record<string, { schema: Json }> }>)['200']?.content?.['application/json']?.schema;
      sections.push(`<section><h2><code>${method.toUpperCase()} ${escape(path)}</code></h2><p>${escape(String(op.summary))}</p>
${op.description ? `<p>${escape(String(op.description))}</p>` : ''}
${parameters.length ? `<table><tr><th>query parameter</th><th>type</th><th>required</th></tr>${parameters.map((p) => `<tr><td><code>${escape(p.name)}</code></td><td>${escape(typeOf(p.schema))}</td><td>${p.required ? 'yes' : ''}</td></tr>`).join('')}</table>` : ''}
${body ? `<details><summary>request body (JSON)</summary><pre>${escape(JSON.stringify(body, null, 2))}</pre></details>` : ''}
${answer ? `<details><summary>answer (200, JSON)</summary><pre>${escape(JSON.stringify(answer, null, 2))}</pre></details>` : ''}</section>`);
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}pre{background:#f6f6f6;padding:.5rem;overflow:auto}</style></head>
<body><h1>${escape(info.title)} <small>${escape(info.version)}</small></h1><p>${escape(info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${sections.join('\n')}</body></html>`;
}
