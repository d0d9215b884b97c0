import fs from 'node:fs';
const dir = '/tmp/beacon-prof'; const file = fs.readdirSync(dir).filter(f=>f.endsWith('0.001.cpuprofile')).sort().pop();
const prof = JSON.parse(fs.readFileSync(`${dir}/${file}`));
const byId = new Map(prof.nodes.map(n => [n.id, n]));
const self = new Map(); const counts = new Map();
for (const s of prof.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const total = prof.samples.length;
const key = n => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
for (const [id, c] of counts) { const n = byId.get(id); const k = key(n); self.set(k, (self.get(k) ?? 0) + c); }
// inclusive by url groups
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, c] of counts) { const seen = new Set(); let cur = id; while (cur !== undefined) { const n = byId.get(cur); const u = n.callFrame.url.includes('node_modules') ? n.callFrame.url.split('node_modules/')[1].split('/')[0] : (n.callFrame.url.startsWith('node:') ? n.callFrame.url : n.callFrame.url.split('/').slice(-2).join('/')); if (!seen.has(u)) { seen.add(u); incl.set(u, (incl.get(u) ?? 0) + c); } cur = parent.get(cur); } }
console.log('total samples', total);
console.log([...self].sort((a,b)=>b[1]-a[1]).slice(0,25).map(([k,v])=>`${(100*v/total).toFixed(1)}% ${k}`).join('\n'));
console.log('--- inclusive by module');
console.log([...incl].sort((a,b)=>b[1]-a[1]).slice(0,25).map(([k,v])=>`${(100*v/total).toFixed(1)}% ${k}`).join('\n'));
