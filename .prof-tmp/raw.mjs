import http from 'node:http';
const s = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c) => (body += c));
  req.on('end', () => { JSON.parse(body); res.writeHead(204, { 'cache-control': 'no-store' }); res.end(); });
}).listen(4392, '127.0.0.1');
setTimeout(() => { s.close(); process.exit(0); }, 9000);
