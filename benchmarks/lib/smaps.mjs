/**
 * Where a process's resident memory is (Linux /proc/<pid>/smaps), by kind of mapping: the executable and the shared
 * libraries (file-backed pages: shared with other processes, yet counted in each one's RSS), glibc's main malloc arena
 * (the brk heap) and its thread arenas (64 MiB-aligned heaps), the arenas of mimalloc (linked into resvg-js; reserved
 * a GiB at a time), WebAssembly memories (accessible pages followed by a reservation of several GiB), and the rest of
 * the anonymous memory (V8's heap, thread stacks, libvips' large buffers). Elsewhere: undefined.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const GIB = 1024 ** 3;
const ARENA = 64 * 1024 * 1024;

/** RSS (MiB) of process `pid` by kind of mapping, or undefined when /proc/<pid>/smaps cannot be read. */
export function smapsBreakdown(pid = process.pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return undefined;
  }
  return smapsTextBreakdown(text);
}

/** RSS (MiB) by kind of mapping of the text of a /proc/<pid>/smaps file. */
export function smapsTextBreakdown(text) {
  const maps = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const start = Number.parseInt(head[1], 16);
      maps.push({
        start,
        size: Number.parseInt(head[2], 16) - start,
        perm: head[3],
        path: head[4].trim(),
        rss: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length > 0) maps[maps.length - 1].rss = Number(rss[1]) / 1024;
  }
  const kinds = {};
  maps.forEach((map, index) => {
    if (map.rss === 0) return;
    const kind = kindOf(map, maps[index + 1]);
    kinds[kind] = (kinds[kind] ?? 0) + map.rss;
  });
  return kinds;
}

/** The kinds, in the order a table lists them. */
export const KINDS = [
  'node executable',
  'libvips + sharp (.so)',
  'resvg (.node)',
  'other files',
  'malloc main arena (brk)',
  'glibc thread arenas',
  'mimalloc (resvg)',
  'wasm memories',
  'other anonymous (V8 heap, stacks)',
];

function kindOf(map, next) {
  const { path, size, start } = map;
  if (path === '[heap]') return 'malloc main arena (brk)';
  if (path.startsWith('/')) {
    const name = basename(path);
    if (/^node$|^nodejs$/.test(name)) return 'node executable';
    if (/vips|sharp/.test(name)) return 'libvips + sharp (.so)';
    if (/resvg/.test(name)) return 'resvg (.node)';
    return 'other files';
  }
  if (path !== '' && !path.startsWith('[anon')) return 'other anonymous (V8 heap, stacks)';
  // A wasm memory: its accessible pages, then the rest of its reservation (several GiB, no access) right after.
  if (
    next &&
    next.start === start + size &&
    next.path === '' &&
    next.perm.startsWith('---') &&
    next.size >= 4 * GIB
  )
    return 'wasm memories';
  // mimalloc (linked into resvg-js) reserves its arenas a GiB at a time.
  if (size >= GIB) return 'mimalloc (resvg)';
  // glibc's arena of a thread: a 64 MiB-aligned heap of at most 64 MiB.
  if (start % ARENA === 0 && size <= ARENA) return 'glibc thread arenas';
  return 'other anonymous (V8 heap, stacks)';
}
