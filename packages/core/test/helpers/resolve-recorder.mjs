// Module hooks (node:module register) of pool-caller-probe.mjs: every URL a module specifier resolves to, posted to the
// probe's port.
let port;
export function initialize(data) {
  port = data.port;
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}
