// A tiny static file server for the demo: serves this package's directory on 127.0.0.1.
//   node node_modules/libsudoku/demo/serve.js [PORT]    then open http://127.0.0.1:PORT/demo/
// Imported (by its file, e.g. node_modules/libsudoku/demo/serve.js: the package exports no
// such path), serve(root, port) starts one and resolves to { url, close }.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".ts": "text/plain; charset=utf-8",
};

export function serve(root, port = 0) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const address = new URL(req.url, "http://localhost").pathname;
      const path = decodeURIComponent(address);
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) {
        res.writeHead(403).end();
        return;
      }
      if ((await stat(file)).isDirectory()) {
        // A folder's page resolves its relative links against the folder: its address ends
        // with "/".
        if (!address.endsWith("/")) {
          // The address as it came (encoded), with one leading "/": a path starting "//"
          // would name another host.
          res.writeHead(301, { location: `/${address.replace(/^\/+/, "")}/` }).end();
          return;
        }
        file = join(file, "index.html");
      }
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    }
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address();
      done({ url: `http://127.0.0.1:${bound}`, close: () => new Promise((c) => server.close(c)) });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), "..", "..");
  const { url } = await serve(root, Number(process.argv[2] ?? 8080));
  console.log(`serving ${root} at ${url}/demo/ (Ctrl-C stops)`);
}
