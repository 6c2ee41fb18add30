/** Version of the server package, shown in `/openapi.json` and `pictor --version`. */
export const SERVER_VERSION = '0.1.0';
