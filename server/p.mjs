import { PGlite } from '@electric-sql/pglite';
let t=Date.now();
const p = new PGlite(); await p.waitReady; console.log('init', Date.now()-t); t=Date.now();
await p.exec('create table a(x int); insert into a values (1)');
const c = await p.clone(); console.log('clone', Date.now()-t); t=Date.now();
console.log((await c.query('select * from a')).rows);
const p2 = new PGlite(); await p2.waitReady; console.log('init2', Date.now()-t);
