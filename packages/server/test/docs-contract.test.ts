/**
 * docs/api.md, the contract written in the repository, and /openapi.json, generated from the schemas that validate
 * requests, say the same: the same routes, and the same request fields for the two operations and the admin bodies.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/http-server.js';

const doc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

interface OpenApi {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>
  >;
}

let server: TestServer;
let openapi: OpenApi;

beforeAll(async () => {
  server = await startTestServer();
  openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApi;
});

afterAll(async () => {
  await server?.close();
});

/** The lines of the section that starts with `## {title}`. */
function section(title: string): string[] {
  const start = doc.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/api.md has no section "${title}"`);
  const end = doc.indexOf('\n## ', start + 4);
  return doc.slice(start, end < 0 ? undefined : end).split('\n');
}

/** The first-column fields (`| \`name\` |`) of a section's table. */
function tableFields(title: string): string[] {
  return section(title)
    .map((line) => /^\| `([A-Za-z]+)` \|/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

function bodyFields(path: string, method: string): string[] {
  const operation = openapi.paths[path]?.[method];
  const schema = operation?.requestBody?.content['application/json']?.schema;
  return Object.keys(schema?.properties ?? {}).sort();
}

describe('docs/api.md and /openapi.json', () => {
  it('list the same routes', () => {
    const documented = section('Routes')
      .map((line) => /^\| `(GET|POST|PUT|DELETE) ([^`]+)` \|/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => `${match[1]} ${match[2]}`)
      .sort();
    const served = Object.entries(openapi.paths)
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => method !== 'head')
          .map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(documented).toEqual(served);
  });

  it('give operation A and B the same request fields', () => {
    expect(tableFields('Operation A: render a template').sort()).toEqual(
      bodyFields('/open/v1/images/templates/{id}/render', 'post'),
    );
    expect(tableFields('Operation B: render HTML').sort()).toEqual(
      bodyFields('/open/v1/images/render', 'post'),
    );
  });

  it('give the admin bodies the same fields', () => {
    const rows = section('Administration');
    const documentedBody = (route: string) => {
      const row = rows.find((line) => line.startsWith(`| \`${route}\``)) ?? '';
      const cell = /\| `\{([^}]*)\}` \|/.exec(row)?.[1] ?? '';
      return cell
        .split(',')
        .map((field) => field.trim().replace(/\?$/, ''))
        .filter(Boolean)
        .sort();
    };
    expect(documentedBody('POST /templates')).toEqual(bodyFields('/admin/v1/templates', 'post'));
    expect(documentedBody('PUT /templates/{id}/draft')).toEqual(
      bodyFields('/admin/v1/templates/{id}/draft', 'put'),
    );
    expect(documentedBody('POST /accounts')).toEqual(bodyFields('/admin/v1/accounts', 'post'));
    expect(documentedBody('POST /accounts/{id}/packages')).toEqual(
      bodyFields('/admin/v1/accounts/{id}/packages', 'post'),
    );
  });

  it('name every setting of a limit that the server has', async () => {
    const { LIMIT_VARIABLES } = await import('../src/config.js');
    const limitsSection = section('Limits (defaults; each is a setting)').join('\n');
    const documented = Object.entries(LIMIT_VARIABLES).filter(([, variable]) =>
      limitsSection.includes(variable),
    );
    // The studio's settings belong to the server README (the studio is not part of this contract).
    const expected = Object.entries(LIMIT_VARIABLES).filter(([name]) => !name.startsWith('studio'));
    expect(documented.map(([name]) => name).sort()).toEqual(expected.map(([name]) => name).sort());
  });
});
