import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves built remotes from a second origin (with CORS), as a CDN would. The browser tests load
 * one remote from here to prove a remote served from another origin works.
 */
const port = Number(process.env.PORT ?? 8092);
const root = path.resolve(process.env.STATIC_DIR ?? path.join(__dirname, '..', 'dist'));
// '.ts': the published declarations (types.d.ts), text as the product's server sends them.
const types: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.woff2': 'font/woff2', '.map': 'application/json', '.ts': 'text/plain; charset=utf-8' };

createServer((request, response) => {
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  const file = path.join(root, path.normalize(pathname));
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (pathname === '/health') {
    response.end('ok');
    return;
  }
  if (!file.startsWith(path.join(root, 'remotes')) || !existsSync(file) || !statSync(file).isFile()) {
    response.statusCode = 404;
    response.end('Not found');
    return;
  }
  response.setHeader('Content-Type', types[path.extname(file)] ?? 'application/octet-stream');
  createReadStream(file).pipe(response);
}).listen(port, '127.0.0.1', () => console.log(`Remotes served at http://127.0.0.1:${port}/remotes/`));
