/**
 * A V8 heap snapshot (.heapsnapshot) summarised (memory-heap.mjs): self size by kind of object and by constructor,
 * retained sizes (the dominator tree over strong edges, as DevTools computes them) of the largest holders with the
 * chain of what dominates them, and the largest strings.
 *
 *   node benchmarks/render/heap-summary.mjs FILE.heapsnapshot [--top 40]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The snapshot parsed, with retained sizes and immediate dominators. */
export function summarise(file) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const meta = snap.snapshot.meta;
  const NF = meta.node_fields.length;
  const EF = meta.edge_fields.length;
  const [nType, nName, , nSelf, nEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) =>
    meta.node_fields.indexOf(f),
  );
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const WEAK = edgeTypes.indexOf('weak');
  const SHORTCUT = edgeTypes.indexOf('shortcut');
  const { nodes, edges, strings } = snap;
  const N = nodes.length / NF;
  const firstEdge = new Uint32Array(N + 1);
  for (let i = 0, e = 0; i < N; i++) {
    firstEdge[i] = e;
    e += nodes[i * NF + nEdges] * EF;
    firstEdge[i + 1] = e;
  }
  const strong = (e) => edges[e + eType] !== WEAK && edges[e + eType] !== SHORTCUT;
  // Post-order of a depth-first walk from the root over strong edges.
  const post = new Int32Array(N).fill(-1);
  const order = new Uint32Array(N);
  const visited = new Uint8Array(N);
  const stack = new Uint32Array(N);
  const cursor = new Uint32Array(N);
  let sp = 0;
  let count = 0;
  stack[sp++] = 0;
  visited[0] = 1;
  cursor[0] = firstEdge[0];
  while (sp > 0) {
    const n = stack[sp - 1];
    let pushed = false;
    while (cursor[n] < firstEdge[n + 1]) {
      const e = cursor[n];
      cursor[n] += EF;
      if (!strong(e)) continue;
      const to = edges[e + eTo] / NF;
      if (visited[to]) continue;
      visited[to] = 1;
      cursor[to] = firstEdge[to];
      stack[sp++] = to;
      pushed = true;
      break;
    }
    if (!pushed) {
      sp--;
      post[n] = count;
      order[count++] = n;
    }
  }
  // Predecessors over strong edges (reachable nodes only).
  const predCount = new Uint32Array(N + 1);
  for (let n = 0; n < N; n++) {
    if (!visited[n]) continue;
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF)
      if (strong(e)) predCount[edges[e + eTo] / NF + 1]++;
  }
  for (let i = 0; i < N; i++) predCount[i + 1] += predCount[i];
  const preds = new Uint32Array(predCount[N]);
  const fill = predCount.slice();
  for (let n = 0; n < N; n++) {
    if (!visited[n]) continue;
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF)
      if (strong(e)) preds[fill[edges[e + eTo] / NF]++] = n;
  }
  // Cooper, Harvey, Kennedy: immediate dominators by post-order numbers.
  const idom = new Int32Array(N).fill(-1);
  idom[0] = 0;
  const intersect = (a, b) => {
    while (a !== b) {
      while (post[a] < post[b]) a = idom[a];
      while (post[b] < post[a]) b = idom[b];
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = count - 1; i >= 0; i--) {
      const n = order[i];
      if (n === 0) continue;
      let dom = -1;
      for (let p = predCount[n]; p < predCount[n + 1]; p++) {
        const pred = preds[p];
        if (idom[pred] === -1) continue;
        dom = dom === -1 ? pred : intersect(pred, dom);
      }
      if (dom !== -1 && idom[n] !== dom) {
        idom[n] = dom;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(N);
  for (let n = 0; n < N; n++) retained[n] = visited[n] ? nodes[n * NF + nSelf] : 0;
  for (let i = 0; i < count; i++) {
    const n = order[i];
    if (n !== 0) retained[idom[n]] += retained[n];
  }
  const type = (n) => nodeTypes[nodes[n * NF + nType]];
  const name = (n) => strings[nodes[n * NF + nName]];
  const self = (n) => nodes[n * NF + nSelf];
  /** A node's class: its constructor for objects, its kind otherwise. */
  const klass = (n) => {
    const t = type(n);
    if (t === 'object' || t === 'native') return name(n);
    if (t === 'hidden' || t === 'array' || t === 'code' || t === 'object shape')
      return `(${t}) ${name(n)
        .replace(/\s*\(.*$/, '')
        .slice(0, 40)}`;
    return `(${t})`;
  };
  /** The edge name by which `parent` holds `child` (first strong edge). */
  const edgeName = (parent, child) => {
    for (let e = firstEdge[parent]; e < firstEdge[parent + 1]; e += EF) {
      if (edges[e + eTo] / NF !== child) continue;
      const et = edgeTypes[edges[e + eType]];
      return et === 'element' || et === 'hidden'
        ? `[${edges[e + eName]}]`
        : String(strings[edges[e + eName]]);
    }
    return '?';
  };
  return { N, count, type, name, self, klass, retained, idom, visited, edgeName, total: retained[0] };
}

const mb = (bytes) => (bytes / 2 ** 20).toFixed(2);

/** Print the summary's tables. */
export function printSummary(s, top = 40) {
  const byType = new Map();
  const byClass = new Map();
  for (let n = 0; n < s.N; n++) {
    if (!s.visited[n]) continue;
    const t = s.type(n);
    byType.set(t, (byType.get(t) ?? 0) + s.self(n));
    const k = s.klass(n);
    const entry = byClass.get(k) ?? { self: 0, count: 0 };
    entry.self += s.self(n);
    entry.count++;
    byClass.set(k, entry);
  }
  console.log(`reachable nodes ${s.count} of ${s.N}; total retained by the root ${mb(s.total)} MiB\n`);
  console.log('| kind | self MiB |\n|---|---:|');
  for (const [t, size] of [...byType].sort((a, b) => b[1] - a[1])) console.log(`| ${t} | ${mb(size)} |`);
  console.log('\n| class | count | self MiB |\n|---|---:|---:|');
  for (const [k, e] of [...byClass].sort((a, b) => b[1].self - a[1].self).slice(0, top))
    console.log(`| ${k.replace(/\|/g, '/')} | ${e.count} | ${mb(e.self)} |`);
  // Largest holders: retained ≥ 256 KiB, not themselves the only thing their dominator holds.
  const holders = [];
  for (let n = 1; n < s.N; n++) if (s.visited[n] && s.retained[n] >= 256 * 1024) holders.push(n);
  holders.sort((a, b) => s.retained[b] - s.retained[a]);
  console.log('\n| retained MiB | self MiB | holder | dominated through |\n|---:|---:|---|---|');
  for (const n of holders.slice(0, top * 2)) {
    const chain = [];
    for (let c = n, depth = 0; c !== 0 && depth < 6; depth++) {
      const parent = s.idom[c];
      chain.push(`${s.edgeName(parent, c)}`);
      c = parent;
      if (parent !== 0) chain.push(`${s.klass(parent).slice(0, 30)}`);
    }
    const label = `${s.klass(n)} ${s.type(n) === 'object' ? '' : String(s.name(n)).slice(0, 40)}`;
    console.log(
      `| ${mb(s.retained[n])} | ${mb(s.self(n))} | ${label.replace(/[|\n]/g, ' ')} | ${chain.join(' ← ').replace(/[|\n]/g, ' ').slice(0, 200)} |`,
    );
  }
  const strs = [];
  for (let n = 0; n < s.N; n++)
    if (s.visited[n] && s.type(n) === 'string' && s.self(n) > 64 * 1024) strs.push(n);
  strs.sort((a, b) => s.self(b) - s.self(a));
  console.log('\n| string MiB | starts |\n|---:|---|');
  for (const n of strs.slice(0, 20))
    console.log(
      `| ${mb(s.self(n))} | ${JSON.stringify(String(s.name(n)).slice(0, 60)).replace(/\|/g, '/')} |`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    options: { top: { type: 'string', default: '40' } },
    allowPositionals: true,
  });
  printSummary(summarise(positionals[0]), Number(values.top));
}
