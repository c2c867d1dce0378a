import { connect } from "node:net";

/**
 * Sends one HTTP/1.1 request over a plain socket, exactly as written: the request target may be
 * absolute-form (`http://host/path`), which `app.inject` and fetch never produce.
 */
export function rawRequest(
  port: number,
  requestTarget: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf("\r\n\r\n") + 4) });
    });
    const lines = [`${method} ${requestTarget} HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Connection: close"];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body !== undefined) lines.push("Content-Type: application/json", `Content-Length: ${Buffer.byteLength(body)}`);
    socket.write(`${lines.join("\r\n")}\r\n\r\n${body ?? ""}`);
  });
}
